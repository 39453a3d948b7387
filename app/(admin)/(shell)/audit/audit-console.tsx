"use client";

import { useQuery } from "@tanstack/react-query";
import { Fragment, useId, useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { AuditLogQuery, AuditLogRow } from "@/console/club-api";
import { formatDateTime, formatDay, type StatusLook } from "@/console/format";
import { ApiError } from "@/console/transport";
import { EmptyState, StatusBadge } from "@/console/ui/feedback";
import { ConsoleForm, formFailureOf, SelectField, TextField, textOf } from "@/console/ui/forms";
import { PagedTable, PageHeader, usePagedQuery } from "@/console/ui/list-page";
import styles from "./audit.module.css";

type Severity = AuditLogRow["severity"];

/** Warning and worse: a tinted row with a coloured edge, and a badge that stands out on the tint. */
const SEVERITIES: Readonly<Record<Severity, StatusLook & { row?: string }>> = {
  Info: { label: "Info", badge: "badge-neutral" },
  Warning: { label: "Warning", badge: `badge-pending ${styles.badgeOnTint}`, row: styles.rowWarning },
  Error: { label: "Error", badge: `badge-blocked ${styles.badgeOnTint}`, row: styles.rowError },
  Critical: { label: "Critical", badge: `badge-blocked ${styles.badgeCritical}`, row: styles.rowCritical },
};

const SEVERITY_FILTERS = [
  { value: "", label: "Any severity" },
  { value: "Warning,Error,Critical", label: "Warning and worse" },
  { value: "Info", label: "Info" },
  { value: "Warning", label: "Warning" },
  { value: "Error", label: "Error" },
  { value: "Critical", label: "Critical" },
] as const;

const LABELS = {
  from: "From",
  to: "Until",
  action: "Action",
  severity: "Severity",
  actorId: "Actor id",
  entity: "Entity",
  entityId: "Entity id",
} as const;

/** The filters as the form holds them: `from` and `to` are datetime-local values, in the browser's time zone. */
type Filters = Record<keyof typeof LABELS, string>;
const NO_FILTERS: Filters = { from: "", to: "", action: "", severity: "", actorId: "", entity: "", entityId: "" };

const PAGE_SIZE = 25;

const isSeverity = (value: string): value is Severity => value in SEVERITIES;

/** The severity filter ("Warning,Error,Critical") as the list the API reads. */
const severitiesOf = (filter: string) => (filter ? filter.split(",").filter(isSeverity) : undefined);

/** A datetime-local value (local wall time) as the ISO instant the API reads; blank stays blank. */
function instantOf(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

function queryOf(filters: Filters, pageNumber: number): AuditLogQuery {
  return {
    pageNumber,
    pageSize: PAGE_SIZE,
    from: instantOf(filters.from),
    to: instantOf(filters.to),
    action: filters.action || undefined,
    severity: severitiesOf(filters.severity),
    actorId: filters.actorId || undefined,
    entity: filters.entity || undefined,
    entityId: filters.entityId || undefined,
  };
}

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
  const actionList = useId();
  return (
    // Remounted when the filters change from elsewhere (a row's "only this actor"), so the fields show them.
    <ConsoleForm
      key={JSON.stringify(filters)}
      labels={LABELS}
      failure={failure}
      className={styles.filters}
      onSubmit={(data) =>
        onApply(Object.fromEntries(Object.keys(LABELS).map((name) => [name, textOf(data, name)])) as Filters)
      }
    >
      <TextField name="from" type="datetime-local" step={1} defaultValue={filters.from} />
      <TextField name="to" type="datetime-local" step={1} defaultValue={filters.to} />
      <TextField
        name="action"
        list={actionList}
        placeholder="auth.login or personnel."
        defaultValue={filters.action}
        hint="End with a dot for every action of a module."
      />
      <datalist id={actionList}>
        {actions.map((action) => (
          <option key={action} value={action} />
        ))}
      </datalist>
      <SelectField name="severity" options={SEVERITY_FILTERS} defaultValue={filters.severity} />
      <TextField name="actorId" placeholder="A user's id" defaultValue={filters.actorId} />
      <TextField name="entity" placeholder="user, employee_checkin, …" defaultValue={filters.entity} />
      <TextField name="entityId" defaultValue={filters.entityId} />
      <div className={styles.filterActions}>
        <button type="submit" className="button button-primary">
          Apply filters
        </button>
        <button type="button" className="button" onClick={() => onApply(NO_FILTERS)}>
          Clear
        </button>
      </div>
    </ConsoleForm>
  );
}

const timeOfDay = new Intl.DateTimeFormat(undefined, { timeStyle: "medium" });

/** When an entry happened, in the browser's time zone like the filters: the day, then the time to the second. */
function When({ occurredAt }: { occurredAt: string }) {
  return (
    <time dateTime={occurredAt} className={styles.when}>
      {formatDay(occurredAt)}
      <span className="cell-secondary">{timeOfDay.format(new Date(occurredAt))}</span>
    </time>
  );
}

/** An action's name, which may break after its dots and underscores when the column is narrow, never inside a word. */
function ActionName({ action }: { action: string }) {
  return (
    <span className={styles.action}>
      {action.split(/(?<=[._])/).map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string; a part's position is its identity
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

function Actor({ entry, onFilter }: { entry: AuditLogRow; onFilter: () => void }) {
  if (entry.actorId === null) return <span className="muted">System</span>;
  return (
    <>
      <div className="cell-primary">{entry.actor ? entry.actor.name : <code>{entry.actorId}</code>}</div>
      {entry.actor && <div className={`cell-secondary ${styles.email}`}>{entry.actor.email}</div>}
      <button type="button" className="link-button cell-secondary" onClick={onFilter}>
        Only this actor
      </button>
    </>
  );
}

function EntryDetails({ entry, columns }: { entry: AuditLogRow; columns: number }) {
  return (
    <tr className={`${styles.details} ${SEVERITIES[entry.severity].row ?? ""}`}>
      <td colSpan={columns}>
        <p className={styles.detailsMeta}>
          Entry {entry.id} · {entry.entity}
          {entry.entityId && <> {entry.entityId}</>}
          {entry.traceId && <> · trace {entry.traceId}</>}
        </p>
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the entry's data is found by this name (e2e/operations.spec.ts getByLabel) */}
        <pre aria-label={`Data of ${entry.action}`}>{JSON.stringify(entry.data, null, 2)}</pre>
      </td>
    </tr>
  );
}

// The toggle comes first, where it stays in view however wide the other columns are.
const HEADERS = [
  <span key="data" className="visually-hidden">
    Data
  </span>,
  "When",
  "Severity",
  "Action",
  "Actor",
  "Entity",
];

/** The audit trail: filters, newest first, Warning and worse highlighted, each entry's data a click away. */
export function AuditConsole() {
  const api = useConsoleApi();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const [entries, setPageNumber] = usePagedQuery(
    ["audit-logs", filters],
    (pageNumber) => api.auditLogs.list(queryOf(filters, pageNumber)),
    { retry: (count, error) => !(error instanceof ApiError && error.status === 400) && count < 2 },
  );
  // The dropdown's suggestions; the viewer works without them.
  const actions = useQuery({
    queryKey: ["audit-log-actions"],
    queryFn: () => api.auditLogs.actions(),
    staleTime: 60_000,
  });
  const refused =
    entries.error instanceof ApiError && entries.error.status === 400 ? formFailureOf(entries.error) : null;
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const narrow = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <>
      <PageHeader
        title="Audit log"
        lead="Who did what, and when: the immutable trail of every change, newest first. Warnings and worse are highlighted."
      />
      <section className={`card ${styles.filtersCard}`} aria-label="Filters">
        <FilterForm filters={filters} actions={actions.data?.items ?? []} failure={refused} onApply={setFilters} />
      </section>

      {!refused && (
        <div className={styles.entries}>
          <PagedTable
            label="Audit entries"
            noun={{ one: "entry", other: "entries" }}
            query={entries}
            onPage={setPageNumber}
            headers={HEADERS}
            empty={
              <EmptyState title={filtered ? "No entries match" : "No entries yet"}>
                {filtered ? (
                  <p>Widen the time range or clear a filter.</p>
                ) : (
                  <p>Entries appear here within a minute of each change.</p>
                )}
              </EmptyState>
            }
            row={(entry) => {
              const look = SEVERITIES[entry.severity];
              const open = expanded.has(entry.id);
              return (
                <Fragment key={entry.id}>
                  <tr className={look.row} data-severity={entry.severity}>
                    <td className={styles.toggleCell}>
                      <button
                        type="button"
                        className={styles.toggle}
                        aria-expanded={open}
                        aria-label={`${open ? "Hide" : "Show"} the data of ${entry.action} at ${formatDateTime(entry.occurredAt)}`}
                        title={open ? "Hide the data" : "Show the data"}
                        onClick={() => toggle(entry.id)}
                      >
                        <span aria-hidden="true">▸</span>
                      </button>
                    </td>
                    <td className="cell-nowrap">
                      <When occurredAt={entry.occurredAt} />
                    </td>
                    <td>
                      <StatusBadge look={look} />
                    </td>
                    <td>
                      <ActionName action={entry.action} />
                    </td>
                    <td>
                      <Actor entry={entry} onFilter={() => narrow({ actorId: entry.actorId ?? "" })} />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="link-button"
                        title="Only this entity"
                        onClick={() => narrow({ entity: entry.entity, entityId: entry.entityId ?? "" })}
                      >
                        {entry.entity}
                      </button>
                      {entry.entityId && (
                        <div className={`cell-secondary ${styles.entityId}`} title={entry.entityId}>
                          {entry.entityId}
                        </div>
                      )}
                    </td>
                  </tr>
                  {open && <EntryDetails entry={entry} columns={HEADERS.length} />}
                </Fragment>
              );
            }}
          />
        </div>
      )}
    </>
  );
}
