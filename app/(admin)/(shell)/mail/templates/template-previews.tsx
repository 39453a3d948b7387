"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { TemplateSummary } from "@/console/club-api";
import { LoadError, SkeletonCard } from "@/console/ui/feedback";
import { formFailureOf } from "@/console/ui/forms";
import { PageHeader } from "@/console/ui/list-page";
import { EmailFrame } from "../email-frame";
import styles from "../mail.module.css";
import { MailTabs } from "../mail-tabs";

/** One template rendered by the email renderer with its sample data. */
function Preview({ template }: { template: TemplateSummary }) {
  const api = useConsoleApi();
  const preview = useQuery({
    queryKey: ["mail-template-preview", template.name],
    queryFn: () => api.mail.preview(template.name),
  });
  if (preview.error)
    return <LoadError message={formFailureOf(preview.error).message} onRetry={() => void preview.refetch()} />;
  if (!preview.data) return <SkeletonCard label={`Rendering ${template.name}…`} lines={8} />;
  return (
    <div className="stack">
      <EmailFrame title={`Preview of ${template.name}`} subject={preview.data.subject} html={preview.data.html} />
      <details className={`card ${styles.sample}`}>
        <summary>Sample data</summary>
        <pre>{JSON.stringify(template.sampleProps, null, 2)}</pre>
      </details>
    </div>
  );
}

/** Every email template, each previewed with realistic sample data through the same renderer as real mail. */
export function TemplatePreviews() {
  const api = useConsoleApi();
  const templates = useQuery({ queryKey: ["mail-templates"], queryFn: () => api.mail.templates() });
  const [chosen, setChosen] = useState<string | null>(null);
  const items = templates.data?.items ?? [];
  const selected = items.find((item) => item.name === chosen) ?? items[0];

  return (
    <>
      <PageHeader
        title="Mail"
        lead="The emails the club sends, previewed with sample data exactly as the email renderer produces them."
      />
      <MailTabs />
      {templates.error ? (
        <LoadError message={formFailureOf(templates.error).message} onRetry={() => void templates.refetch()} />
      ) : !templates.data ? (
        <SkeletonCard label="Loading the templates…" lines={5} />
      ) : (
        <div className={styles.templates}>
          <ul className={styles.templateList} aria-label="Email templates">
            {items.map((item) => (
              <li key={item.name}>
                <button
                  type="button"
                  className={styles.templateButton}
                  aria-pressed={item.name === selected?.name}
                  onClick={() => setChosen(item.name)}
                >
                  <span className={styles.templateName}>{item.name}</span>
                  <span className={styles.templateDescription}>{item.description}</span>
                </button>
              </li>
            ))}
          </ul>
          {selected && <Preview key={selected.name} template={selected} />}
        </div>
      )}
    </>
  );
}
