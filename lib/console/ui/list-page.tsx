"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { Paginated } from "@/lib/platform/pagination";
import { LoadError, Pagination, SkeletonRows, StatusMessage, type Noun } from "./feedback";
import { formFailureOf } from "./forms";

/** A list page's title, with the button that adds to the list when the user may. */
export function PageHeader({ title, lead, create }: { title: string; lead: string; create?: { label: string; onClick: () => void } }) {
  return (
    <div className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        <p className="page-lead">{lead}</p>
      </div>
      {create && (
        <button type="button" className="button button-primary" onClick={create.onClick}>
          {create.label}
        </button>
      )}
    </div>
  );
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

type PageQuery<T> = {
  data: Paginated<T> | undefined;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
};

/** One page of a paginated API list as a table: placeholder rows while loading, the error with a retry, the empty state. */
export function PagedTable<T>({
  label,
  headers,
  query,
  row,
  empty,
  noun,
  onPage,
}: {
  label: string;
  headers: readonly ReactNode[];
  query: PageQuery<T>;
  row: (item: T) => ReactNode;
  empty: ReactNode;
  noun: Noun;
  onPage: (pageNumber: number) => void;
}) {
  const { data } = query;
  if (query.error && !data) return <LoadError message={formFailureOf(query.error).message} onRetry={() => void query.refetch()} />;
  return (
    <section className="card table-card" aria-label={label}>
      <div className="table-scroll">
        <table className="table" aria-busy={query.isFetching || undefined}>
          <thead>
            <tr>
              {headers.map((header, index) => (
                <th key={index} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{data ? data.items.map(row) : <SkeletonRows columns={headers.length} />}</tbody>
        </table>
      </div>
      {data?.items.length === 0 && empty}
      {data && data.totalCount > 0 && <Pagination page={data} noun={noun} onPage={onPage} />}
    </section>
  );
}
