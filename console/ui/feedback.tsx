"use client";

import "client-only";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useClubFormat } from "@/console/i18n/club-format";
import type { Paginated } from "@/lib/platform/pagination";

/** A polite live region: confirmations after an action, read out without moving focus. */
export function StatusMessage({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  const t = useTranslations("common");
  return (
    <div className="status-message" role="status">
      <span>{children}</span>
      <button type="button" className="icon-button" aria-label={t("dismiss")} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children}
    </div>
  );
}

/** A list that failed to load says why and offers to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useTranslations("common");
  return (
    <div className="error-summary" role="alert">
      <p className="error-summary-title">{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t("tryAgain")}
      </button>
    </div>
  );
}

/** What a list holds, for counts: one user, two users. */
export type Noun = { one: string; other: string };

export function Pagination({
  page,
  noun,
  onPage,
}: {
  page: Pick<Paginated<unknown>, "pageNumber" | "totalPages" | "totalCount">;
  noun: Noun;
  onPage: (pageNumber: number) => void;
}) {
  const t = useTranslations("common.pagination");
  const format = useClubFormat();
  const pages = Math.max(1, page.totalPages);
  return (
    <nav className="pagination" aria-label={t("label", { noun: noun.other })}>
      <p>
        {t("summary", {
          count: format.count(page.totalCount),
          noun: page.totalCount === 1 ? noun.one : noun.other,
          page: format.count(page.pageNumber),
          pages: format.count(pages),
        })}
      </p>
      <div className="pagination-buttons">
        <button
          type="button"
          className="button"
          disabled={page.pageNumber <= 1}
          onClick={() => onPage(page.pageNumber - 1)}
        >
          {t("previous")}
        </button>
        <button
          type="button"
          className="button"
          disabled={page.pageNumber >= pages}
          onClick={() => onPage(page.pageNumber + 1)}
        >
          {t("next")}
        </button>
      </div>
    </nav>
  );
}

/** A status in words on its coloured badge. */
export function StatusBadge({ look }: { look: { label: string; badge: string } }) {
  return <span className={`badge ${look.badge}`}>{look.label}</span>;
}

/** Placeholder blocks while a card's content loads; `label` is what assistive technology hears meanwhile. */
function SkeletonBlock({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div className="skeleton-block" role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, line) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines; the position is all that tells them apart
        <span key={line} />
      ))}
    </div>
  );
}

/** A card of placeholder lines. */
export function SkeletonCard({
  label,
  lines,
  className = "card",
}: {
  label: string;
  lines: number;
  className?: string;
}) {
  return (
    <section className={className}>
      <SkeletonBlock label={label} lines={lines} />
    </section>
  );
}

/** Placeholder rows while a table's first page loads. */
export function SkeletonRows({ columns, rows = 4 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows; the position is all that tells them apart
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a table row without tabindex is not focusable; the placeholder stays hidden from assistive technology
    <tr key={row} className="skeleton-row" aria-hidden="true">
      {Array.from({ length: columns }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder cells; the position is all that tells them apart
        <td key={column}>
          <span />
        </td>
      ))}
    </tr>
  ));
}
