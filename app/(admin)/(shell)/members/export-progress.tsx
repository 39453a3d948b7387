"use client";

import type { CsvDownload } from "@/console/csv-download";
import { formatBytes, formatCount, plural } from "@/console/format";
import { LoadError, StatusMessage } from "@/console/ui/feedback";

/**
 * Where the CSV export stands: rows and bytes received with a progress bar (determinate when the list
 * told how many members match), then what was saved, or why it failed.
 */
export function ExportProgress({
  download,
  expectedRows,
  onCancel,
  onRetry,
  onDismiss,
}: {
  download: CsvDownload;
  expectedRows: number | undefined;
  onCancel: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  switch (download.state) {
    case "idle":
      return null;
    case "failed":
      return <LoadError message={`The export failed: ${download.message}`} onRetry={onRetry} />;
    case "canceled":
      return <StatusMessage onDismiss={onDismiss}>Export canceled: no file was saved.</StatusMessage>;
    case "done":
      return (
        <StatusMessage onDismiss={onDismiss}>
          Exported {plural(download.rows, "member", "members")} ({formatBytes(download.bytes)}) to {download.fileName}.
        </StatusMessage>
      );
    case "running": {
      const total = expectedRows !== undefined && expectedRows > 0 ? Math.max(expectedRows, download.rows) : undefined;
      return (
        <section className="card export-progress" aria-label="CSV export">
          <div className="export-progress-text">
            <p role="status" className="export-progress-title">
              Exporting members to CSV…
            </p>
            <p className="muted">
              {total === undefined
                ? plural(download.rows, "row", "rows")
                : `${formatCount(download.rows)} of ${plural(total, "row", "rows")}`}{" "}
              · {formatBytes(download.bytes)} received
            </p>
          </div>
          <progress
            className="progress"
            aria-label="Export progress"
            max={total}
            value={total === undefined ? undefined : download.rows}
          />
          <button type="button" className="button button-small" onClick={onCancel}>
            Stop export
          </button>
        </section>
      );
    }
  }
}
