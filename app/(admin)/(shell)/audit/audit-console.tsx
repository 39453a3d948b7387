"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { type RichTranslationValues, useTimeZone, useTranslations } from "next-intl";
import { type ReactNode, useId, useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { AuditLogQuery, AuditLogRow } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { ApiError } from "@/console/transport";
import { addDays, clubInstant } from "@/console/ui/attendance-format";
import { EmptyState, LoadError, Pagination, SkeletonCard } from "@/console/ui/feedback";
import { ConsoleForm, formFailureOf, SelectField, TextField, textOf, useFailureText } from "@/console/ui/forms";
import { PageHeader, usePagedQuery } from "@/console/ui/list-page";
import { ActorPicker, type ChosenActor } from "./actor-picker";
import styles from "./audit.module.css";
import { type LinkableKinds, sentenceKeyOf, sentenceValues, subjectHref } from "./entry-words";

type Severity = AuditLogRow["severity"];
const SEVERITIES: readonly Severity[] = ["Info", "Warning", "Error", "Critical"];
const SEVERITY_BADGES: Readonly<Record<Severity, string>> = {
  Info: "badge-neutral",
  Warning: `badge-pending ${styles.badgeOnTint}`,
  Error: `badge-blocked ${styles.badgeOnTint}`,
  Critical: `badge-blocked ${styles.badgeCritical}`,
};
const WARNING_AND_WORSE = "Warning,Error,Critical";

/** The filters as the form holds them: `from` and `to` are days on the club's calendar, both included. */
type Filters = {
  from: string;
  to: string;
  actor: ChosenActor | null;
  severity: string;
  action: string;
  entity: string;
  entityId: string;
};
const TEXT_FILTERS = ["from", "to", "severity", "action", "entity", "entityId"] as const;
const NO_FILTERS: Filters = { from: "", to: "", actor: null, severity: "", action: "", entity: "", entityId: "" };
const PAGE_SIZE = 25;

const isSeverity = (value: string): value is Severity => (SEVERITIES as readonly string[]).includes(value);

/** The filters as the API reads them: the club's days as instants (the day after `to` starts, exclusive). */
function queryOf(filters: Filters, pageNumber: number, timeZone: string): AuditLogQuery {
  return {
    pageNumber,
    pageSize: PAGE_SIZE,
    from: filters.from ? clubInstant(filters.from, "00:00", timeZone) : undefined,
    to: filters.to ? clubInstant(addDays(filters.to, 1), "00:00", timeZone) : undefined,
    action: filters.action || undefined,
    severity: filters.severity ? filters.severity.split(",").filter(isSeverity) : undefined,
    actorId: filters.actor?.id,
    entity: filters.entity || undefined,
    entityId: filters.entityId || undefined,
  };
}

const activeFilters = (filters: Filters) =>
  TEXT_FILTERS.filter((name) => filters[name] !== "").length + (filters.actor ? 1 : 0);

function FilterForm({
  filters,
  actions,
  failure,
  onApply,
}: {
  filters: Filters;
  actions: readonly string[];
  failure: ReturnType<typeof formFailureOf> | null;
  onApply: (filters: Filters) => void;
}) {
  const t = useTranslations("audit");
  const actionList = useId();
  const [actor, setActor] = useState<ChosenActor | null>(filters.actor);
  const byCode = filters.action !== "" || filters.entity !== "" || filters.entityId !== "";
  const labels = {
    from: t("filters.from"),
    to: t("filters.to"),
    severity: t("filters.severity"),
    action: t("filters.action"),
    entity: t("filters.entity"),
    entityId: t("filters.entityId"),
    actorId: t("filters.actor"),
  };
  return (
    <ConsoleForm
      labels={labels}
      failure={failure}
      className={styles.filters}
      onSubmit={(data) =>
        onApply({
          ...(Object.fromEntries(TEXT_FILTERS.map((name) => [name, textOf(data, name)])) as Omit<Filters, "actor">),
          actor,
        })
      }
    >
      <div className={styles.filterRow}>
        <TextField name="from" type="date" defaultValue={filters.from} />
        <TextField name="to" type="date" defaultValue={filters.to} />
        <ActorPicker label={labels.actorId} value={actor} onChange={setActor} />
        <SelectField
          name="severity"
          defaultValue={filters.severity}
          options={[
            { value: "", label: t("filters.anySeverity") },
            { value: WARNING_AND_WORSE, label: t("filters.warningAndWorse") },
            ...SEVERITIES.map((severity) => ({ value: severity, label: t(`severity.${severity}`) })),
          ]}
        />
      </div>
      <details className={styles.byCode} open={byCode}>
        <summary>{t("filters.more")}</summary>
        <div className={styles.filterRow}>
          <TextField
            name="action"
            list={actionList}
            placeholder="personnel."
            defaultValue={filters.action}
            hint={t("filters.actionHint")}
          />
          <datalist id={actionList}>
            {actions.map((action) => (
              <option key={action} value={action} />
            ))}
          </datalist>
          <TextField name="entity" placeholder="member" defaultValue={filters.entity} />
          <TextField name="entityId" defaultValue={filters.entityId} />
        </div>
      </details>
      <div className={styles.filterActions}>
        <button type="submit" className="button button-primary">
          {t("filters.apply")}
        </button>
        <button type="button" className="button" onClick={() => onApply(NO_FILTERS)}>
          {t("filters.clear")}
        </button>
      </div>
    </ConsoleForm>
  );
}

/** A name in a sentence: a link to the person's or record's page when there is one the viewer may open. */
function NameLink({ href, children }: { href: string | null; children: ReactNode }) {
  return href ? (
    <Link href={href} className={styles.name}>
      {children}
    </Link>
  ) : (
    <strong className={styles.name}>{children}</strong>
  );
}

/** "Andrés Romero submitted a correction for 23 Nov 2026", with the names linked. */
function useEntrySentence(linkable: LinkableKinds): (entry: AuditLogRow) => ReactNode {
  const t = useTranslations("audit");
  const jobs = useTranslations("system.jobs.list");
  const format = useClubFormat();
  return (entry) => {
    const values = sentenceValues(entry, format, {
      system: t("system"),
      someone: t("someone"),
      entityNoun: (entity) =>
        t.has(`entities.${entity}` as never) ? t(`entities.${entity}` as never) : t("entities.other"),
      jobTitle: (name) => (jobs.has(`${name}.title` as never) ? jobs(`${name}.title` as never) : name),
      memberStatus: (status) => t("memberStatus", { status }),
    });
    const actorHref = entry.actor?.employeeId ? subjectHref("employee", entry.actor.employeeId, linkable) : null;
    const subject = entry.subject;
    const tags = {
      actor: (chunks: ReactNode) => <NameLink href={actorHref}>{chunks}</NameLink>,
      subject: (chunks: ReactNode) => (
        <NameLink href={subject ? subjectHref(subject.kind, subject.id, linkable) : null}>{chunks}</NameLink>
      ),
    };
    const key = sentenceKeyOf(entry.action);
    // The sentence is chosen by the entry's action, so its key is only known at run time.
    const rich = t.rich as unknown as (key: string, values: RichTranslationValues) => ReactNode;
    // An action this console has no words for yet still reads: who, and the action's code.
    return rich(key && t.has(key as never) ? key : "unknownAction", { ...values, ...tags });
  };
}

function EntryDetails({
  entry,
  sentence,
  onFilter,
}: {
  entry: AuditLogRow;
  sentence: string;
  onFilter: (change: Partial<Filters>) => void;
}) {
  const t = useTranslations("audit.entry");
  return (
    <details className={styles.details}>
      <summary aria-label={t("detailsOf", { sentence })}>{t("details")}</summary>
      <dl className={styles.facts}>
        <div>
          <dt>{t("action")}</dt>
          <dd>
            <code>{entry.action}</code>
          </dd>
        </div>
        <div>
          <dt>{t("when")}</dt>
          <dd>
            <code>{entry.occurredAt}</code>
          </dd>
        </div>
        {entry.actorId && (
          <div>
            <dt>{t("actorId")}</dt>
            <dd>
              <code>{entry.actorId}</code>
            </dd>
          </div>
        )}
        <div>
          <dt>{t("entity")}</dt>
          <dd>
            <code>
              {entry.entity}
              {entry.entityId && ` ${entry.entityId}`}
            </code>
          </dd>
        </div>
        {entry.traceId && (
          <div>
            <dt>{t("traceId")}</dt>
            <dd>
              <code>{entry.traceId}</code>
            </dd>
          </div>
        )}
        <div>
          <dt>{t("id")}</dt>
          <dd>
            <code>{entry.id}</code>
          </dd>
        </div>
      </dl>
      <div className={styles.narrow}>
        {entry.actor && (
          <button
            type="button"
            className="button"
            onClick={() => onFilter({ actor: { id: entry.actor?.id ?? "", name: entry.actor?.name ?? "" } })}
          >
            {t("onlyActor")}
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={() => onFilter({ entity: entry.entity, entityId: entry.entityId ?? "" })}
        >
          {t("onlyRecord")}
        </button>
      </div>
      <p className={styles.dataTitle}>{t("data")}</p>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the entry's data is found by this name (e2e specs' getByLabel) */}
      <pre className={styles.data} aria-label={t("dataOf", { action: entry.action })}>
        {JSON.stringify(entry.data, null, 2)}
      </pre>
    </details>
  );
}

/** The audit trail in sentences: filters (behind a button on phones), newest first, each entry's codes a click away. */
export function AuditConsole({ linkable }: { linkable: LinkableKinds }) {
  const t = useTranslations("audit");
  const api = useConsoleApi();
  const format = useClubFormat();
  const timeZone = useTimeZone() ?? "UTC";
  const failureText = useFailureText();
  const sentenceOf = useEntrySentence(linkable);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();

  const [entries, setPageNumber] = usePagedQuery(
    ["audit-logs", filters, timeZone],
    (pageNumber) => api.auditLogs.list(queryOf(filters, pageNumber, timeZone)),
    { retry: (count, error) => !(error instanceof ApiError && error.status === 400) && count < 2 },
  );
  // The action code's suggestions; the viewer works without them.
  const actions = useQuery({
    queryKey: ["audit-log-actions"],
    queryFn: () => api.auditLogs.actions(),
    staleTime: 60_000,
  });
  const refused =
    entries.error instanceof ApiError && entries.error.status === 400 ? formFailureOf(entries.error) : null;
  const filtered = activeFilters(filters);
  const narrow = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }));
  const noun = { one: t("list.one"), other: t("list.other") };

  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")}>
        <button
          type="button"
          className={`button ${styles.filtersButton}`}
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtered > 0 ? t("filters.showCount", { count: filtered }) : t("filters.show")}
        </button>
      </PageHeader>
      <section
        id={filtersId}
        className={`card ${styles.filtersCard}`}
        data-open={filtersOpen || refused !== null}
        aria-label={t("filters.label")}
      >
        {/* Remounted when the filters change from an entry ("only this person"), so the fields show them. */}
        <FilterForm
          key={JSON.stringify(filters)}
          filters={filters}
          actions={actions.data?.items ?? []}
          failure={refused}
          onApply={setFilters}
        />
      </section>

      {!refused && (
        <section className={styles.entries} aria-label={t("list.label")} aria-busy={entries.isFetching || undefined}>
          {entries.isError && !entries.data ? (
            <LoadError message={failureText(formFailureOf(entries.error))} onRetry={() => void entries.refetch()} />
          ) : !entries.data ? (
            <SkeletonCard label={t("list.loading")} lines={6} />
          ) : entries.data.items.length === 0 ? (
            <div className="card">
              <EmptyState title={filtered ? t("list.noMatchTitle") : t("list.noneTitle")}>
                <p>{filtered ? t("list.noMatch") : t("list.none")}</p>
              </EmptyState>
            </div>
          ) : (
            <div className={`card ${styles.entriesCard}`}>
              <ol className={styles.list}>
                {entries.data.items.map((entry) => {
                  const sentence = sentenceOf(entry);
                  return (
                    <li key={entry.id} className={styles.entry} data-severity={entry.severity}>
                      <p className={styles.sentence}>{sentence}</p>
                      <p className={styles.meta}>
                        <time dateTime={entry.occurredAt}>{format.dateTime(entry.occurredAt)}</time>
                        {entry.severity !== "Info" && (
                          <span className={`badge ${SEVERITY_BADGES[entry.severity]}`}>
                            {t(`severity.${entry.severity}`)}
                          </span>
                        )}
                      </p>
                      <EntryDetails entry={entry} sentence={plainText(sentence)} onFilter={narrow} />
                    </li>
                  );
                })}
              </ol>
              {entries.data.totalCount > 0 && <Pagination page={entries.data} noun={noun} onPage={setPageNumber} />}
            </div>
          )}
        </section>
      )}
    </>
  );
}

/** A sentence's words without its links, for the name of its details' button. */
function plainText(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(plainText).join("");
  if (node && typeof node === "object" && "props" in node)
    return plainText((node.props as { children?: ReactNode }).children);
  return "";
}
