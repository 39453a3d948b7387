"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { TemplateLanguage, TemplateSummary } from "@/console/club-api";
import { LoadError, SkeletonCard } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";
import { FilterSelect, PageHeader } from "@/console/ui/list-page";
import { EmailFrame } from "../email-frame";
import styles from "../mail.module.css";
import { MailTabs } from "../mail-tabs";

const PREVIEW_LANGUAGES: readonly TemplateLanguage[] = ["en", "es"];

const useTemplates = (language: TemplateLanguage) => {
  const api = useConsoleApi();
  return useQuery({ queryKey: ["mail-templates", language], queryFn: () => api.mail.templates(language) });
};

/** One template as the club would send it in `language`: the club's name, sample data in that language. */
function Preview({ template, language }: { template: TemplateSummary; language: TemplateLanguage }) {
  const api = useConsoleApi();
  const t = useTranslations("mail.templates");
  const failureText = useFailureText();
  const preview = useQuery({
    queryKey: ["mail-template-preview", template.name, language],
    queryFn: () => api.mail.preview(template.name, language),
  });
  // The sample shown beside the preview is the one it was rendered with, in the preview's language.
  const sample = useTemplates(language).data?.items.find((item) => item.name === template.name)?.sampleProps;
  if (preview.error)
    return <LoadError message={failureText(formFailureOf(preview.error))} onRetry={() => void preview.refetch()} />;
  if (!preview.data) return <SkeletonCard label={t("rendering", { title: template.title })} lines={8} />;
  return (
    <div className={`stack ${styles.preview}`}>
      <EmailFrame
        title={t("previewTitle", { title: template.title })}
        subject={preview.data.subject}
        html={preview.data.html}
      />
      {sample && (
        <details className={`card ${styles.sample}`}>
          <summary>{t("sampleData")}</summary>
          <pre>{JSON.stringify(sample, null, 2)}</pre>
        </details>
      )}
    </div>
  );
}

/** Every email template, each previewed in the chosen language through the same renderer as real mail. */
export function TemplatePreviews() {
  const t = useTranslations("mail");
  const failureText = useFailureText();
  const readerLanguage = useLocale();
  // Named in the reader's language; previewed in the one chosen, the reader's until they choose another.
  const templates = useTemplates(readerLanguage);
  const [language, setLanguage] = useState<TemplateLanguage>(readerLanguage);
  const [chosen, setChosen] = useState<string | null>(null);
  const items = templates.data?.items ?? [];
  const selected = items.find((item) => item.name === chosen) ?? items[0];

  return (
    <>
      <PageHeader title={t("title")} lead={t("templates.lead")} />
      <MailTabs />
      {templates.error ? (
        <LoadError message={failureText(formFailureOf(templates.error))} onRetry={() => void templates.refetch()} />
      ) : !templates.data ? (
        <SkeletonCard label={t("templates.loading")} lines={5} />
      ) : (
        <div className={styles.templates}>
          <div className="stack">
            <div className={styles.languageSwitch}>
              <FilterSelect
                id="preview-language"
                label={t("templates.language")}
                value={language}
                options={PREVIEW_LANGUAGES.map((value) => ({ value, label: t(`templates.languages.${value}`) }))}
                onChange={setLanguage}
              />
            </div>
            <ul className={styles.templateList} aria-label={t("templates.listLabel")}>
              {items.map((item) => (
                <li key={item.name}>
                  <button
                    type="button"
                    className={styles.templateButton}
                    aria-pressed={item.name === selected?.name}
                    onClick={() => setChosen(item.name)}
                  >
                    <span className={styles.templateName}>{item.title}</span>
                    <span className={styles.templateDescription}>{item.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
          {selected && <Preview key={`${selected.name}:${language}`} template={selected} language={language} />}
        </div>
      )}
    </>
  );
}
