"use client";

import { useTranslations } from "next-intl";
import type { CsvDownload } from "@/console/csv-download";
import { useClubFormat } from "@/console/i18n/club-format";
import { LoadError, StatusMessage } from "@/console/ui/feedback";
import { useFailureText } from "@/console/ui/forms";

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
  const t = useTranslations("members.export");
  const format = useClubFormat();
  const failureText = useFailureText();
  switch (download.state) {
    case "idle":
      return null;
    case "failed":
      return <LoadError message={t("failed", { reason: failureText(download.failure) })} onRetry={onRetry} />;
    case "canceled":
      return <StatusMessage onDismiss={onDismiss}>{t("canceled")}</StatusMessage>;
    case "done":
      return (
        <StatusMessage onDismiss={onDismiss}>
          {t("done", { rows: download.rows, size: format.bytes(download.bytes), fileName: download.fileName })}
        </StatusMessage>
      );
    case "running": {
      const total = expectedRows !== undefined && expectedRows > 0 ? Math.max(expectedRows, download.rows) : undefined;
      return (
        <section className="card export-progress" aria-label={t("label")}>
          <div className="export-progress-text">
            <p role="status" className="export-progress-title">
              {t("running")}
            </p>
            <p className="muted">
              {total === undefined
                ? t("rows", { rows: download.rows, size: format.bytes(download.bytes) })
                : t("rowsOf", { rows: format.count(download.rows), total, size: format.bytes(download.bytes) })}
            </p>
          </div>
          <progress
            className="progress"
            aria-label={t("progress")}
            max={total}
            value={total === undefined ? undefined : download.rows}
          />
          <button type="button" className="button button-small" onClick={onCancel}>
            {t("stop")}
          </button>
        </section>
      );
    }
  }
}
