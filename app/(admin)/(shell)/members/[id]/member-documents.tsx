"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { FileRow } from "@/console/club-api";
import { fileBadgeOf, isPreviewableImage, percentOf } from "@/console/file-format";
import { readBlob, saveBlob, type UploadItem, useObjectUrl, useUploadQueue } from "@/console/file-transfer";
import { useClubFormat } from "@/console/i18n/club-format";
import { ApiError } from "@/console/transport";
import { ConfirmDialog } from "@/console/ui/dialog";
import { EmptyState } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";
import {
  type Column,
  PagedTable,
  type Sort,
  sortableHeaders,
  useListDialogs,
  usePagedQuery,
} from "@/console/ui/list-page";
import { RowAction } from "@/console/ui/row-actions";
import { useFileWords } from "./file-words";
import { UploadProgress } from "./upload-progress";

/** What the user may do with the member's documents (read is implied: the section shows only then). */
export type DocumentActions = { upload: boolean; remove: boolean; readUsers: boolean };

const BUCKET = "club-documents";
const PAGE_SIZE = 10;
/** Thumbnails are drawn from the file itself: only for images small enough to fetch for a glance. */
const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

type Field = "fileName" | "sizeBytes" | "createdAt";

const documentsKey = (memberId: string) => ["files", "member-documents", memberId] as const;

/** An image document's thumbnail, fetched with the bearer token; other files get their extension. */
function FileThumbnail({ file }: { file: FileRow }) {
  const api = useConsoleApi();
  const previewable = isPreviewableImage(file.contentType) && file.sizeBytes <= THUMBNAIL_MAX_BYTES;
  const content = useQuery({
    queryKey: ["file-content", file.id],
    queryFn: async ({ signal }) => (await api.files.content(file.id, signal)).blob(),
    enabled: previewable,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useObjectUrl(content.data);
  if (url) return <img className="file-thumb" src={url} alt="" width={40} height={40} />;
  return (
    <span
      className={
        previewable && content.isLoading ? "file-thumb file-badge file-badge-loading" : "file-thumb file-badge"
      }
      aria-hidden="true"
    >
      {fileBadgeOf(file.fileName, file.contentType)}
    </span>
  );
}

/** Who uploaded a file: "you", their name when the user may read users, else "another user". */
function Uploader({ userId, readUsers }: { userId: string | null; readUsers: boolean }) {
  const t = useTranslations("members.documents.uploader");
  const api = useConsoleApi();
  const { data: session } = useSession();
  const mine = userId !== null && userId === session?.userId;
  const user = useQuery({
    queryKey: ["users", "detail", userId],
    queryFn: () => api.users.get(userId ?? ""),
    enabled: readUsers && userId !== null && !mine,
    staleTime: 5 * 60_000,
  });
  if (userId === null) return <>{t("removed")}</>;
  if (mine) return <>{t("you")}</>;
  if (user.data) return <>{t("name", { name: `${user.data.firstName} ${user.data.lastName}` })}</>;
  return <>{user.isLoading ? "…" : t("another")}</>;
}

type Download = { received: number; total: number };

/**
 * Downloads through the API with the bearer token, read into a Blob and saved under the file's name. A presigned
 * URL would point at the storage server itself, which the staff's browsers may not reach (the embedded s3rver
 * listens on the server's loopback only).
 */
function useDownloads() {
  const t = useTranslations("members.documents");
  const failureText = useFailureText();
  const api = useConsoleApi();
  const [running, setRunning] = useState<Readonly<Record<string, Download>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  useEffect(() => {
    const active = controllers.current;
    return () => {
      for (const controller of active.values()) controller.abort();
    };
  }, []);
  const track = (id: string, progress: Download | null) =>
    setRunning((all) => {
      const { [id]: _done, ...others } = all;
      return progress ? { ...others, [id]: progress } : others;
    });

  async function download(file: FileRow) {
    if (controllers.current.has(file.id)) return;
    const controller = new AbortController();
    controllers.current.set(file.id, controller);
    setFailure(null);
    track(file.id, { received: 0, total: file.sizeBytes });
    try {
      const response = await api.files.content(file.id, controller.signal);
      const blob = await readBlob(response, file.sizeBytes, (received, total) => track(file.id, { received, total }));
      saveBlob(blob, file.fileName);
    } catch (error) {
      if (!controller.signal.aborted)
        setFailure(t("downloadFailed", { name: file.fileName, reason: failureText(formFailureOf(error)) }));
    } finally {
      controllers.current.delete(file.id);
      track(file.id, null);
    }
  }
  return { running, failure, dismiss: () => setFailure(null), download: (file: FileRow) => void download(file) };
}

function DeleteDocumentDialog({
  file,
  onClose,
  onDone,
}: {
  file: FileRow;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const t = useTranslations("members.documents.deleteDialog");
  const format = useClubFormat();
  const api = useConsoleApi();
  return (
    <ConfirmDialog
      title={t("title", { name: file.fileName })}
      run={() => api.files.remove(file.id, file.version)}
      onSuccess={() => onDone(t("done", { name: file.fileName }))}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      variant="danger"
    >
      <p>{t("lead", { size: format.bytes(file.sizeBytes), uploaded: format.dateTime(file.createdAt) })}</p>
    </ConfirmDialog>
  );
}

function UploadQueue({
  items,
  onCancel,
  onClear,
}: {
  items: readonly UploadItem[];
  onCancel: (key: number) => void;
  onClear: () => void;
}) {
  const t = useTranslations("members.documents.queue");
  const finished = items.every((item) => item.status !== "waiting" && item.status !== "uploading");
  const done = items.filter((item) => item.status === "done").length;
  // The file on its way, counting those already through (a render can fall between one file and the next).
  const current = Math.max(1, items.filter((item) => item.status !== "waiting").length);
  return (
    <section className="card upload-queue" aria-label={t("label")}>
      <ul className="upload-list">
        {items.map((item) => (
          <li key={item.key} className="upload-row" data-status={item.status}>
            {item.status === "waiting" || item.status === "uploading" ? (
              <>
                <UploadProgress item={item} label={t("progress", { name: item.file.name })} title={item.file.name} />
                <RowAction
                  label={t("cancel")}
                  name={t("cancelNamed", { name: item.file.name })}
                  onClick={() => onCancel(item.key)}
                />
              </>
            ) : (
              <p className={item.status === "failed" ? "upload-result upload-result-failed" : "upload-result"}>
                <span className="upload-result-name">{item.file.name}</span>
                <span>
                  {item.status === "done" ? t("uploaded") : item.status === "canceled" ? t("canceled") : item.message}
                </span>
              </p>
            )}
          </li>
        ))}
      </ul>
      <div className="upload-queue-footer">
        <p role="status">
          {finished ? t("finished", { done, total: items.length }) : t("uploading", { current, total: items.length })}
        </p>
        {finished && (
          <button type="button" className="button button-small" onClick={onClear}>
            {t("clear")}
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * The member's documents (club-documents files attached to them): the list with size, type and who uploaded them
 * when, download, delete after a confirmation, and uploads of several files one after another, each with its
 * progress bar.
 */
export function MemberDocuments({
  memberId,
  memberName,
  allowed,
  limitBytes,
}: {
  memberId: string;
  memberName: string;
  allowed: DocumentActions;
  limitBytes: number;
}) {
  const t = useTranslations("members.documents");
  const format = useClubFormat();
  const words = useFileWords();
  const failureText = useFailureText();
  const api = useConsoleApi();
  const queryClient = useQueryClient();
  const headingId = useId();
  const columns: readonly Column<Field>[] = [
    { label: t("columns.name"), field: "fileName" },
    { label: t("columns.size"), field: "sizeBytes" },
    { label: t("columns.type") },
    { label: t("columns.uploaded"), field: "createdAt" },
    { label: t("columns.actions") },
  ];
  const input = useRef<HTMLInputElement>(null);
  const [sort, setSort] = useState<Sort<Field>>({ field: "createdAt", direction: "desc" });
  const [documents, setPageNumber] = usePagedQuery([...documentsKey(memberId), sort], (pageNumber) =>
    api.files.list({
      bucket: BUCKET,
      memberId,
      orderBy: sort.field,
      orderDirection: sort.direction,
      pageNumber,
      pageSize: PAGE_SIZE,
    }),
  );
  const dialogs = useListDialogs<{ kind: "delete"; file: FileRow }>([documentsKey(memberId)]);
  const downloads = useDownloads();
  const uploads = useUploadQueue({
    send: (file, controls) => api.files.upload({ bucket: BUCKET, name: file.name, memberId }, file, controls),
    describe: (error) =>
      error instanceof ApiError ? words.refusal(error, "file", limitBytes) : failureText(formFailureOf(error)),
    onUploaded: () => void queryClient.invalidateQueries({ queryKey: documentsKey(memberId) }),
  });
  const { headers, sortOf } = sortableHeaders(columns, sort, setSort);

  return (
    <section className="documents" aria-labelledby={headingId}>
      <div className="section-header">
        <h2 id={headingId} className="section-title">
          {t("title")}
        </h2>
        {allowed.upload && (
          <>
            <button type="button" className="button" onClick={() => input.current?.click()}>
              {t("upload")}
            </button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label={t("inputLabel", { name: memberName })}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = "";
                if (!uploads.busy) uploads.clearFinished();
                const tooLarge = files.filter((file) => file.size > limitBytes);
                for (const file of tooLarge)
                  uploads.refuse(file, words.refusal({ status: 413, code: null, message: "" }, "file", limitBytes));
                uploads.add(files.filter((file) => file.size <= limitBytes));
              }}
            />
          </>
        )}
      </div>
      {dialogs.notice}
      {uploads.items.length > 0 && (
        <UploadQueue items={uploads.items} onCancel={uploads.cancel} onClear={uploads.clearFinished} />
      )}
      {downloads.failure && (
        <div className="error-summary download-error" role="alert">
          <p className="error-summary-title">{downloads.failure}</p>
          <button type="button" className="icon-button" aria-label={t("dismiss")} onClick={downloads.dismiss}>
            ×
          </button>
        </div>
      )}
      <PagedTable
        label={t("tableLabel")}
        headers={headers}
        sortOf={sortOf}
        query={documents}
        noun={{ one: t("noun.one"), other: t("noun.other") }}
        onPage={setPageNumber}
        empty={
          <EmptyState title={t("empty")}>
            <p>{allowed.upload ? t("emptyHint") : t("emptyReadOnly", { name: memberName })}</p>
          </EmptyState>
        }
        row={(file) => {
          const progress = downloads.running[file.id];
          return (
            <tr key={file.id}>
              <td>
                <div className="file-cell">
                  <FileThumbnail file={file} />
                  <span className="file-name">{file.fileName}</span>
                </div>
              </td>
              <td className="cell-number cell-nowrap">{format.bytes(file.sizeBytes)}</td>
              <td>{words.kind(file.contentType)}</td>
              <td className="cell-nowrap">
                {format.dateTime(file.createdAt)}
                <div className="cell-secondary">
                  <Uploader userId={file.ownerUserId} readUsers={allowed.readUsers} />
                </div>
              </td>
              <td>
                <div className="cell-actions">
                  <button
                    type="button"
                    className="button button-small"
                    disabled={progress !== undefined}
                    onClick={() => downloads.download(file)}
                  >
                    {progress
                      ? t("downloading", { percent: percentOf(progress.received, progress.total) })
                      : t("download")}
                    <span className="visually-hidden"> {file.fileName}</span>
                  </button>
                  {allowed.remove && (
                    <button
                      type="button"
                      className="button button-small button-danger-quiet"
                      onClick={() => dialogs.open({ kind: "delete", file })}
                    >
                      {t("delete")}
                      <span className="visually-hidden"> {file.fileName}</span>
                    </button>
                  )}
                </div>
              </td>
            </tr>
          );
        }}
      />
      {dialogs.dialog && (
        <DeleteDocumentDialog file={dialogs.dialog.file} onClose={dialogs.close} onDone={dialogs.done} />
      )}
    </section>
  );
}
