"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useId, useState } from "react";

/**
 * A list's filters: always shown on a wide screen; on a phone behind a "Filters" button, so the list itself is on the
 * first screen. The button says when a filter is on.
 */
export function FiltersToggle({ active, children }: { active: boolean; children: ReactNode }) {
  const t = useTranslations("users.filters");
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div className="filters" data-open={open || undefined}>
      <button
        type="button"
        className="button filters-toggle"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen(!open)}
      >
        {open ? t("hide") : t("show")}
        {active && <span className="chip">{t("on")}</span>}
      </button>
      <search id={panel} className="toolbar filters-panel">
        {children}
      </search>
    </div>
  );
}
