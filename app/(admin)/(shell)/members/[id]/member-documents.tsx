"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useEffect, useId, useRef, useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { FileRow } from "@/console/club-api";
import { fileBadgeOf, fileKindOf, isPreviewableImage, percentOf, uploadRefusalMessage } from "@/console/file-format";
import { readBlob, saveBlob, type UploadItem, useObjectUrl, useUploadQueue } from "@/console/file-transfer";
import { formatBytes, formatDateTime, plural } from "@/console/format";
import { ApiError } from "@/console/transport";
import { ConfirmDialog } from "@/console/ui/dialog";
import { EmptyState } from "@/console/ui/feedback";
import { formFailureOf } from "@/console/ui/forms";
import {
  type Column,
  PagedTable,
  type Sort,
  sortableHeaders,
  useListDialogs,
  usePagedQuery,
} from "@/console/ui/list-page";
import { UploadProgress } from "./upload-progress";

/** What the user may do with the member's documents (read is implied: the section shows only then). */
export type DocumentActions = { upload: boolean; remove: boolean; readUsers: boolean };

const BUCKET = "club-documents";
const PAGE_SIZE = 10;
/** Thumbnails are drawn from the file itself: only for images small enough to fetch for a glance. */
const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

type Field = "fileName" | "sizeBytes" | "createdAt";
const COLUMNS: readonly Column<Field>[] = [
  { label: "Name", field: "fileName" },
  { label: "Size", field: "sizeBytes" },
  { label: "Type" },
  { label: "Uploaded", field: "createdAt" },
  { label: "Actions" },
];

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
  const api = useConsoleApi();
  const { data: session } = useSession();
  const mine = userId !== null && userId === session?.userId;
  const user = useQuery({
    queryKey: ["users", "detail", userId],
    queryFn: () => api.users.get(userId ?? ""),
    enabled: readUsers && userId !== null && !mine,
    staleTime: 5 * 60_000,
  });
  if (userId === null) return <>a user since removed</>;
  if (mine) return <>you</>;
  if (user.data) return <>{`${user.data.firstName} ${user.data.lastName}`}</>;
  return <>{user.isLoading ? "…" : "another user"}</>;
}

type Download = { received: number; total: number };

/**
 * Downloads through the API with the bearer token, read into a Blob and saved under the file's name. A presigned
 * URL would point at the storage server itself, which the staff's browsers may not reach (the embedded s3rver
 * listens on the server's loopback only).
 */
function useDownloads() {
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
        setFailure(`${file.fileName} could not be downloaded: ${formFailureOf(error).message}`);
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
  const api = useConsoleApi();
  return (
    <ConfirmDialog
      title={`Delete ${file.fileName}?`}
      run={() => api.files.remove(file.id, file.version)}
      onSuccess={() => onDone(`${file.fileName} is deleted.`)}
      onClose={onClose}
      submitLabel="Delete document"
      pendingLabel="Deleting…"
      variant="danger"
    >
      <p>
        It is removed from storage for good ({formatBytes(file.sizeBytes)}, uploaded {formatDateTime(file.createdAt)}).
        This cannot be undone.
      </p>
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
  const finished = items.every((item) => item.status !== "waiting" && item.status !== "uploading");
  const done = items.filter((item) => item.status === "done").length;
  // The file on its way, counting those already through (a render can fall between one file and the next).
  const current = Math.max(1, items.filter((item) => item.status !== "waiting").length);
  return (
    <section className="card upload-queue" aria-label="Document uploads">
      <ul className="upload-list">
        {items.map((item) => (
          <li key={item.key} className="upload-row" data-status={item.status}>
            {item.status === "waiting" || item.status === "uploading" ? (
              <>
                <UploadProgress item={item} label={`Upload progress of ${item.file.name}`} title={item.file.name} />
                <button type="button" className="button button-small" onClick={() => onCancel(item.key)}>
                  Cancel<span className="visually-hidden"> the upload of {item.file.name}</span>
                </button>
              </>
            ) : (
              <p className={item.status === "failed" ? "upload-result upload-result-failed" : "upload-result"}>
                <span className="upload-result-name">{item.file.name}</span>
                <span>
                  {item.status === "done"
                    ? "Uploaded"
                    : item.status === "canceled"
                      ? "Canceled: not uploaded"
                      : item.message}
                </span>
              </p>
            )}
          </li>
        ))}
      </ul>
      <div className="upload-queue-footer">
        <p role="status">
          {finished
            ? `${done} of ${plural(items.length, "file", "files")} uploaded.`
            : `Uploading file ${current} of ${items.length}, one after another…`}
        </p>
        {finished && (
          <button type="button" className="button button-small" onClick={onClear}>
            Clear
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
  const api = useConsoleApi();
  const queryClient = useQueryClient();
  const headingId = useId();
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
      error instanceof ApiError ? uploadRefusalMessage(error, "The file", limitBytes) : formFailureOf(error).message,
    onUploaded: () => void queryClient.invalidateQueries({ queryKey: documentsKey(memberId) }),
  });
  const { headers, sortOf } = sortableHeaders(COLUMNS, sort, setSort);

  return (
    <section className="documents" aria-labelledby={headingId}>
      <div className="section-header">
        <h2 id={headingId} className="section-title">
          Documents
        </h2>
        {allowed.upload && (
          <>
            <button type="button" className="button" onClick={() => input.current?.click()}>
              Upload documents
            </button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label={`Documents of ${memberName}`}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = "";
                if (!uploads.busy) uploads.clearFinished();
                const tooLarge = files.filter((file) => file.size > limitBytes);
                for (const file of tooLarge)
                  uploads.refuse(
                    file,
                    uploadRefusalMessage({ status: 413, code: null, message: "" }, "The file", limitBytes),
                  );
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
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={downloads.dismiss}>
            ×
          </button>
        </div>
      )}
      <PagedTable
        label="Document list"
        headers={headers}
        sortOf={sortOf}
        query={documents}
        noun={{ one: "document", other: "documents" }}
        onPage={setPageNumber}
        empty={
          <EmptyState title="No documents yet">
            <p>
              {allowed.upload
                ? "Upload contracts, forms or certificates: any type of file."
                : `Nobody has uploaded documents for ${memberName}.`}
            </p>
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
              <td className="cell-number cell-nowrap">{formatBytes(file.sizeBytes)}</td>
              <td>{fileKindOf(file.contentType)}</td>
              <td className="cell-nowrap">
                {formatDateTime(file.createdAt)}
                <div className="cell-secondary">
                  by <Uploader userId={file.ownerUserId} readUsers={allowed.readUsers} />
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
                    {progress ? `Downloading… ${percentOf(progress.received, progress.total)}%` : "Download"}
                    <span className="visually-hidden"> {file.fileName}</span>
                  </button>
                  {allowed.remove && (
                    <button
                      type="button"
                      className="button button-small button-danger-quiet"
                      onClick={() => dialogs.open({ kind: "delete", file })}
                    >
                      Delete<span className="visually-hidden"> {file.fileName}</span>
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
