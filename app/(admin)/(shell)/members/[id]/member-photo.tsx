"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ReactNode, useRef, useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { MemberRecord } from "@/console/club-api";
import { initialsOf, PHOTO_TYPES } from "@/console/file-format";
import { type UploadItem, useObjectUrl, useUploadQueue } from "@/console/file-transfer";
import { ApiError } from "@/console/transport";
import { StatusMessage } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";
import { useFileWords } from "./file-words";
import { UploadProgress } from "./upload-progress";

/**
 * A photo's content never changes under its file id, so it is cached by that id (outside the ["members"] keys,
 * which every member change reloads) and a new photo is a new query.
 */
const photoKey = (memberId: string, photoFileId: string | null) => ["member-photo", memberId, photoFileId] as const;

/**
 * The member's photo, loaded with the bearer token (an <img src> to the API would carry no credentials) and shown
 * through an object URL; their initials while it loads, when they have none, or when the user may not read files.
 */
export function MemberAvatar({ member, canRead }: { member: MemberRecord; canRead: boolean }) {
  const t = useTranslations("members.photo");
  const failureText = useFailureText();
  const api = useConsoleApi();
  const { id, photoFileId, fullName } = member;
  const photo = useQuery({
    queryKey: photoKey(id, photoFileId),
    queryFn: async ({ signal }) => {
      try {
        return await (await api.memberPhoto.get(id, signal)).blob();
      } catch (error) {
        // Removed meanwhile: the member's record catches up at its next load.
        if (error instanceof ApiError && error.code === "File.NoPhoto") return null;
        throw error;
      }
    },
    enabled: canRead && photoFileId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useObjectUrl(photo.data);
  if (url) {
    return <img className="member-avatar" src={url} alt={t("alt", { name: fullName })} width={72} height={72} />;
  }
  const loading = photo.isLoading;
  const said = !canRead
    ? undefined
    : loading
      ? t("loading", { name: fullName })
      : photo.isError
        ? t("loadFailed")
        : t("none");
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-label is set only together with role="img"
    <span
      className={
        loading ? "member-avatar member-avatar-initials member-avatar-loading" : "member-avatar member-avatar-initials"
      }
      role={said ? "img" : undefined}
      aria-label={said}
      aria-hidden={said ? undefined : true}
      title={photo.isError ? failureText(formFailureOf(photo.error)) : undefined}
    >
      {initialsOf(fullName)}
    </span>
  );
}

/** The chosen image before and while it uploads, from the file itself. */
function LocalPreview({ file }: { file: File }) {
  const t = useTranslations("members.photo");
  const url = useObjectUrl(file);
  const [broken, setBroken] = useState<File | null>(null);
  if (!url || broken === file) return <span className="upload-thumb upload-thumb-empty" aria-hidden="true" />;
  return (
    <img className="upload-thumb" src={url} alt={t("preview", { name: file.name })} onError={() => setBroken(file)} />
  );
}

function PhotoUploadState({
  item,
  onCancel,
  onChooseAgain,
  onDismiss,
}: {
  item: UploadItem;
  onCancel: () => void;
  onChooseAgain: () => void;
  onDismiss: () => void;
}) {
  const t = useTranslations("members.photo");
  switch (item.status) {
    case "waiting":
    case "uploading":
      return (
        <section className="card upload-panel" aria-label={t("upload")}>
          <LocalPreview file={item.file} />
          <UploadProgress item={item} label={t("progress")} title={t("uploading", { name: item.file.name })} />
          <button type="button" className="button button-small" onClick={onCancel}>
            {t("cancelUpload")}
          </button>
        </section>
      );
    case "failed":
      return (
        <div className="error-summary upload-error" role="alert">
          <div>
            <p className="error-summary-title">{item.message}</p>
            <p className="upload-error-detail">{t("notChanged", { name: item.file.name })}</p>
          </div>
          <div className="upload-error-actions">
            <button type="button" className="button" onClick={onChooseAgain}>
              {t("chooseAnother")}
            </button>
            <button type="button" className="icon-button" aria-label={t("dismiss")} onClick={onDismiss}>
              ×
            </button>
          </div>
        </div>
      );
    case "canceled":
      return <StatusMessage onDismiss={onDismiss}>{t("canceled")}</StatusMessage>;
    case "done":
      return <StatusMessage onDismiss={onDismiss}>{t("saved")}</StatusMessage>;
  }
}

/**
 * Change photo: a file picker for JPEG, PNG, GIF and WebP, then the upload with its progress, which can be
 * canceled. The API decides what an image is (from its bytes); the size is checked first against the limit the
 * page was given, so a photo that is too large is not sent at all. Returns the button (for the page's actions) and
 * the upload's state (shown under the header).
 */
export function usePhotoChange(member: MemberRecord, limitBytes: number): { button: ReactNode; panel: ReactNode } {
  const t = useTranslations("members.photo");
  const words = useFileWords();
  const failureText = useFailureText();
  const api = useConsoleApi();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const uploads = useUploadQueue({
    send: (file, controls) => api.memberPhoto.replace(member.id, file, controls),
    describe: (error) =>
      error instanceof ApiError ? words.refusal(error, "photo", limitBytes) : failureText(formFailureOf(error)),
    onUploaded: (stored, file) => {
      // The bytes sent are the bytes stored: show them at once under the new photo's id, then reload the member.
      queryClient.setQueryData(photoKey(member.id, stored.id), file);
      void queryClient.invalidateQueries({ queryKey: ["members"] });
    },
  });
  const choose = () => input.current?.click();
  const latest = uploads.items.at(-1);

  const button = (
    <>
      <button type="button" className="button" onClick={choose} disabled={uploads.busy}>
        {member.photoFileId ? t("change") : t("add")}
      </button>
      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES}
        aria-label={t("alt", { name: member.fullName })}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again still counts as a choice.
          event.target.value = "";
          if (!file) return;
          uploads.clearFinished();
          if (file.size > limitBytes)
            uploads.refuse(file, words.refusal({ status: 413, code: null, message: "" }, "photo", limitBytes));
          else uploads.add([file]);
        }}
      />
    </>
  );
  const panel = latest && (
    <PhotoUploadState
      item={latest}
      onCancel={() => uploads.cancel(latest.key)}
      onChooseAgain={choose}
      onDismiss={uploads.clearFinished}
    />
  );
  return { button, panel };
}
