"use client";

import "client-only";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { FormFailure } from "./forms";

/** What a change made on an old version of a record answers (412; docs/api.md, Concurrency control). */
const STALE_RECORD = "Precondition.Failed";

/**
 * Offers to load the record as it is now when a save was refused because someone else changed it meanwhile, so the
 * other person's changes are seen before any are replaced. The failure's message says what happened.
 */
export function StaleRecordReload({ failure, onReload }: { failure: FormFailure | null; onReload: () => void }) {
  const t = useTranslations("common.staleRecord");
  if (failure?.code !== STALE_RECORD) return null;
  return (
    <p className="form-hint">
      <button type="button" className="button" onClick={onReload}>
        {t("reload")}
      </button>
    </p>
  );
}

/** For a dialog opened from a list: closes it and loads the page's data again; opening it again starts from there. */
export function useReloadAndClose(onClose: () => void): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries();
    onClose();
  };
}
