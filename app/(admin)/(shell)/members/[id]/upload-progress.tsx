"use client";

import { useTranslations } from "next-intl";
import { percentOf } from "@/console/file-format";
import type { UploadItem } from "@/console/file-transfer";
import { useClubFormat } from "@/console/i18n/club-format";

/**
 * One upload's bar with the bytes sent. Screen readers hear the file and then every quarter (a live region that
 * changed at every progress event would talk over everything else).
 */
export function UploadProgress({ item, label, title }: { item: UploadItem; label: string; title: string }) {
  const t = useTranslations("members.files.progress");
  const format = useClubFormat();
  const percent = percentOf(item.sent, item.total);
  const waiting = item.status === "waiting";
  return (
    <div className="upload-progress">
      <p className="upload-progress-title">{title}</p>
      <progress className="progress" aria-label={label} max={Math.max(item.total, 1)} value={item.sent} />
      <p className="muted upload-progress-figures" aria-hidden="true">
        {waiting
          ? t("waiting", { total: format.bytes(item.total) })
          : t("sent", { sent: format.bytes(item.sent), total: format.bytes(item.total), percent })}
      </p>
      <p className="visually-hidden" role="status">
        {waiting
          ? t("waitingSaid", { name: item.file.name })
          : t("sentSaid", { name: item.file.name, percent: Math.floor(percent / 25) * 25 })}
      </p>
    </div>
  );
}
