"use client";

import "client-only";

import {
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useState } from "react";
import type { Paginated } from "@/lib/platform/pagination";
import { LoadError, type Noun, Pagination, SkeletonRows, StatusMessage } from "./feedback";
import { formFailureOf, OptionList, useFailureText } from "./forms";
import { ScrollBox } from "./scroll-box";

/**
 * A list page's title, with the button that adds to the list when the user may, after any other actions (`children`).
 * `media` goes before the title (a record's picture).
 */
export function PageHeader({
  title,
  lead,
  media,
  create,
  children,
}: {
  title: string;
  lead: ReactNode;
  media?: ReactNode;
  create?: { label: string; onClick: () => void };
  children?: ReactNode;
}) {
  const heading = (
    <div>
      <h1 className="page-title">{title}</h1>
      <p className="page-lead">{lead}</p>
    </div>
  );
  return (
    <div className="page-header">
      {media ? (
        <div className="page-header-main">
          {media}
          {heading}
        </div>
      ) : (
        heading
      )}
      {(create || children) && (
        <div className="page-actions">
          {children}
          {create && (
            <button type="button" className="button button-primary" onClick={create.onClick}>
              {create.label}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** A list filter: one of a few values, "" for all. */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(options.find((option) => option.value === event.target.value)?.value ?? value)}
      >
        <OptionList options={options} />
      </select>
    </div>
  );
}

/** The search box of a list; pair it with useDebounced. */
export function SearchField({
  id,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useTranslations("common");
  return (
    <div className="field">
      <label htmlFor={id}>{t("search")}</label>
      <input
        id={id}
        className="input"
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** Waits for typing to pause before searching. */
export function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The page of a filtered list: a new search, filter or order starts again at page 1, so the page
 * number is kept together with the filters it belongs to.
 */
function usePageNumber(filterKey: string): [pageNumber: number, setPageNumber: (pageNumber: number) => void] {
  const [page, setPage] = useState({ filterKey, number: 1 });
  // Adjusted while rendering, so going back to earlier filters does not bring back their page.
  if (page.filterKey !== filterKey) setPage({ filterKey, number: 1 });
  return [page.filterKey === filterKey ? page.number : 1, (number) => setPage({ filterKey, number })];
}

/**
 * One page of a paginated API list. `queryKey` is the list's key (what its dialogs reload) followed by everything
 * the list depends on besides the page (search, filters, order): when that changes, the list starts again at page 1.
 * The page on screen stays while the next one loads.
 */
export function usePagedQuery<T>(
  queryKey: QueryKey,
  fetchPage: (pageNumber: number) => Promise<Paginated<T>>,
  options: Pick<UseQueryOptions<Paginated<T>>, "enabled" | "retry"> = {},
): [page: UseQueryResult<Paginated<T>>, setPageNumber: (pageNumber: number) => void] {
  const [pageNumber, setPageNumber] = usePageNumber(JSON.stringify(queryKey));
  const page = useQuery({
    ...options,
    queryKey: [...queryKey, pageNumber],
    queryFn: () => fetchPage(pageNumber),
    placeholderData: keepPreviousData,
  });
  return [page, setPageNumber];
}

type SortDirection = "asc" | "desc";
export type Sort<F extends string> = { field: F; direction: SortDirection };

/** A column header that orders the list by its field: ascending first, then the other way. */
function SortHeader<F extends string>({
  field,
  sort,
  onSort,
  children,
}: {
  field: F;
  sort: Sort<F>;
  onSort: (sort: Sort<F>) => void;
  children: ReactNode;
}) {
  const active = sort.field === field;
  const direction = active && sort.direction === "asc" ? "desc" : "asc";
  return (
    <button
      type="button"
      className="sort-button"
      data-sorted={active ? sort.direction : undefined}
      onClick={() => onSort({ field, direction })}
    >
      {children}
      <span className="sort-indicator" aria-hidden="true">
        {active ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}
      </span>
    </button>
  );
}

/** The aria-sort of a column: only the column the list is ordered by has one. */
const ariaSortOf = <F extends string>(sort: Sort<F>, field: F | undefined) =>
  field === sort.field ? (sort.direction === "asc" ? "ascending" : "descending") : undefined;

/** A table column: its header, and the field it orders the list by when it can. */
export type Column<F extends string> = { label: string; field?: F };

/**
 * A table's headers, where the columns with a field order the list (a SortHeader each), with each column's
 * aria-sort: spread into a table's props (`{...sortableHeaders(COLUMNS, sort, setSort)}`).
 */
export function sortableHeaders<F extends string>(
  columns: readonly Column<F>[],
  sort: Sort<F>,
  onSort: (sort: Sort<F>) => void,
) {
  return {
    headers: columns.map((column) =>
      column.field ? (
        <SortHeader key={column.field} field={column.field} sort={sort} onSort={onSort}>
          {column.label}
        </SortHeader>
      ) : (
        column.label
      ),
    ),
    sortOf: (index: number) => ariaSortOf(sort, columns[index]?.field),
  };
}

/**
 * The dialogs of a list page: which one is open, and after a change succeeds, closing it, saying
 * what happened and reloading the lists the change touched.
 */
export function useListDialogs<D>(touched: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<D | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return {
    dialog,
    open: setDialog,
    close: () => setDialog(null),
    done: (message: string) => {
      setDialog(null);
      setNotice(message);
      for (const queryKey of touched) void queryClient.invalidateQueries({ queryKey });
    },
    notice: notice && <StatusMessage onDismiss={() => setNotice(null)}>{notice}</StatusMessage>,
  };
}

/** What a table needs of a query (@tanstack/react-query's result has it). */
export type ListQuery<D> = {
  data: D | undefined;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
};

type TableProps<T> = {
  label: string;
  headers: readonly ReactNode[];
  /** Which column the list is ordered by, and how (aria-sort). */
  sortOf?: (column: number) => "ascending" | "descending" | undefined;
  row: (item: T) => ReactNode;
  empty: ReactNode;
};

/** A list from the API as a table: placeholder rows while loading, the error with a retry, the empty state. */
export function QueryTable<T>({
  label,
  headers,
  sortOf,
  query,
  row,
  empty,
  footer,
}: TableProps<T> & { query: ListQuery<readonly T[]>; footer?: ReactNode }) {
  const { data } = query;
  const failureText = useFailureText();
  if (query.error && !data)
    return <LoadError message={failureText(formFailureOf(query.error))} onRetry={() => void query.refetch()} />;
  return (
    <section className="card table-card" aria-label={label}>
      <ScrollBox label={label}>
        <table className="table" aria-busy={query.isFetching || undefined}>
          <thead>
            <tr>
              {headers.map((header, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column's position is its identity; the headers never reorder
                <th key={index} scope="col" aria-sort={sortOf?.(index)}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{data ? data.map(row) : <SkeletonRows columns={headers.length} />}</tbody>
        </table>
      </ScrollBox>
      {data?.length === 0 && empty}
      {footer}
    </section>
  );
}

/** One page of a paginated API list as a table, with the pages to move between. */
export function PagedTable<T>({
  query,
  noun,
  onPage,
  ...table
}: TableProps<T> & { query: ListQuery<Paginated<T>>; noun: Noun; onPage: (pageNumber: number) => void }) {
  const { data } = query;
  return (
    <QueryTable
      {...table}
      query={{ data: data?.items, error: query.error, isFetching: query.isFetching, refetch: query.refetch }}
      footer={data && data.totalCount > 0 && <Pagination page={data} noun={noun} onPage={onPage} />}
    />
  );
}
