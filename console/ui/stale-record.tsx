"use client";

import "client-only";
import type { FormFailure } from "./forms";

/** What a change made on an old version of a record answers (412; docs/api.md, Concurrency control). */
const STALE_RECORD = "Precondition.Failed";

/**
 * Offers to load the record as it is now when a save was refused because someone else changed it meanwhile. The
 * form starts again from the new version, so the other person's changes are seen before any are replaced.
 */
export function StaleRecordReload({ failure, onReload }: { failure: FormFailure | null; onReload: () => void }) {
  if (failure?.code !== STALE_RECORD) return null;
  return (
    <p className="form-hint">
      <button type="button" className="button" onClick={onReload}>
        Reload the current version
      </button>
    </p>
  );
}
