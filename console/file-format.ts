import { formatBytes } from "./format";

/** What the file picker offers for a photo: the four types the API recognises from an image's bytes. */
export const PHOTO_TYPES = "image/jpeg,image/png,image/gif,image/webp";

const PREVIEWABLE = new Set(PHOTO_TYPES.split(","));

/** Whether the console draws a thumbnail of the file: a raster image of a type every browser shows. */
export const isPreviewableImage = (contentType: string) => PREVIEWABLE.has(contentType);

const MiB = 1024 * 1024;

/** A size limit in the words people use: 10485760 → "10 MB", 2621440 → "2.5 MB". */
export function formatLimit(bytes: number): string {
  const mib = bytes / MiB;
  return mib >= 1 ? `${Number.isInteger(mib) ? mib : Number(mib.toFixed(1))} MB` : formatBytes(bytes);
}

/** What a refused upload says: the parts of an ApiError this needs. */
export type UploadRefusal = { status: number; code: string | null; limitBytes?: number; message: string };

/**
 * A refused upload in words. `subject` is what was sent ("The photo", "“contract.pdf”"); `knownLimit` is the
 * bucket's limit as the page knows it, used when the answer does not say.
 */
export function uploadRefusalMessage(refusal: UploadRefusal, subject: string, knownLimit?: number): string {
  if (refusal.status === 413) {
    const limit = refusal.limitBytes ?? knownLimit;
    return limit ? `${subject} is larger than ${formatLimit(limit)}.` : `${subject} is larger than the server accepts.`;
  }
  if (refusal.code === "File.NotAnImage") return "That file is not a JPEG, PNG, GIF or WebP image.";
  if (refusal.status === 401) return "Your session has expired: sign in again, then upload it again.";
  return refusal.message;
}

/** Share of an upload or download done, in whole percent (0 when the total is not known yet). */
export const percentOf = (done: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;

const KINDS: Readonly<Record<string, string>> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG image",
  "image/png": "PNG image",
  "image/gif": "GIF image",
  "image/webp": "WebP image",
  "text/plain": "Text",
  "text/csv": "CSV",
  "application/zip": "ZIP archive",
  "application/msword": "Word document",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
  "application/vnd.ms-excel": "Excel workbook",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel workbook",
  "application/vnd.oasis.opendocument.text": "OpenDocument text",
  "application/octet-stream": "File",
};

/** A file's type in words ("PDF", "PNG image"); the MIME type itself when it is none of the usual ones. */
export const fileKindOf = (contentType: string) => KINDS[contentType] ?? contentType;

/** The short label on a file without a thumbnail: its extension ("PDF"), or its kind's first word. */
export function fileBadgeOf(fileName: string, contentType: string): string {
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1];
  return (extension ?? fileKindOf(contentType).split(/[\s/]/)[0] ?? "File").toUpperCase().slice(0, 5);
}

/** "Ana García López" → "AL": the first letters of the first and last words. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ? Array.from(words[0])[0] : "";
  const last = words.length > 1 ? Array.from(words[words.length - 1] ?? "")[0] : "";
  return `${first ?? ""}${last ?? ""}`.toLocaleUpperCase() || "?";
}
