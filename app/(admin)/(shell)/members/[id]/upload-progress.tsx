"use client";

import { percentOf } from "@/console/file-format";
import type { UploadItem } from "@/console/file-transfer";
import { formatBytes } from "@/console/format";

/**
 * One upload's bar with the bytes sent. Screen readers hear the file and then every quarter (a live region that
 * changed at every progress event would talk over everything else).
 */
export function UploadProgress({ item, label, title }: { item: UploadItem; label: string; title: string }) {
  const percent = percentOf(item.sent, item.total);
  const waiting = item.status === "waiting";
  return (
    <div className="upload-progress">
      <p className="upload-progress-title">{title}</p>
      <progress className="progress" aria-label={label} max={Math.max(item.total, 1)} value={item.sent} />
      <p className="muted upload-progress-figures" aria-hidden="true">
        {waiting
          ? `Waiting · ${formatBytes(item.total)}`
          : `${formatBytes(item.sent)} of ${formatBytes(item.total)} · ${percent}%`}
      </p>
      <p className="visually-hidden" role="status">
        {waiting
          ? `${item.file.name} is waiting to upload.`
          : `Uploading ${item.file.name}: ${Math.floor(percent / 25) * 25}% sent.`}
      </p>
    </div>
  );
}
