"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { LoadError, SkeletonCard } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";

/** A section of the books page: a skeleton while it loads, the reason and a retry when it fails, else its content. */
export function SectionState<T>({
  query,
  label,
  hideError = false,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  /** The period form already shows the failure (a bad date). */
  hideError?: boolean;
  children: (data: T) => ReactNode;
}) {
  const t = useTranslations("billingReports.books");
  const failureText = useFailureText();
  if (query.isPending) return <SkeletonCard label={t("loading")} lines={4} />;
  if (query.error && !hideError)
    return (
      <LoadError
        message={`${label}: ${t("loadError", { reason: failureText(formFailureOf(query.error)) })}`}
        onRetry={() => void query.refetch()}
      />
    );
  return query.data === undefined ? null : children(query.data);
}

/** The heading of a column of amounts: right-aligned like its figures. */
export function NumberHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="number">
      {children}
    </th>
  );
}
