"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useId, useState } from "react";

/**
 * A list's search and filters, in one toolbar on a wide screen. On a phone the search stays in view and the filters
 * wait behind a button that says how many are set, so the list itself is on the first screen.
 */
export function ListFilters({
  label,
  active,
  search,
  children,
}: {
  /** Names the search landmark ("Filter the requests"). */
  label: string;
  /** How many filters are set (the search not counted). */
  active: number;
  search?: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations("common.filters");
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <search className="toolbar list-filters" aria-label={label} data-open={open || undefined}>
      {search}
      <button
        type="button"
        className="button list-filters-toggle"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen(!open)}
      >
        {active > 0 ? t("showCount", { count: active }) : t("show")}
      </button>
      <div id={panel} className="list-filters-panel">
        {children}
      </div>
    </search>
  );
}
