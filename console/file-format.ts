/** What the file picker offers for a photo: the four types the API recognises from an image's bytes. */
export const PHOTO_TYPES = "image/jpeg,image/png,image/gif,image/webp";

const PREVIEWABLE = new Set(PHOTO_TYPES.split(","));

/** Whether the console draws a thumbnail of the file: a raster image of a type every browser shows. */
export const isPreviewableImage = (contentType: string) => PREVIEWABLE.has(contentType);

const MiB = 1024 * 1024;

/** A size limit in the megabytes people say, to a tenth: 10485760 → 10, 2621440 → 2.5; null under one megabyte. */
export function megabytesOf(bytes: number): number | null {
  const mib = bytes / MiB;
  return mib >= 1 ? Math.round(mib * 10) / 10 : null;
}

/** What a refused upload says: the parts of an ApiError this needs. */
export type UploadRefusal = { status: number; code: string | null; limitBytes?: number; message: string };

/** Why an upload was refused, for the page to say in the reader's language. */
type UploadRefusalReason =
  | { reason: "tooLarge"; limitBytes: number | null }
  | { reason: "notAnImage" }
  | { reason: "sessionExpired" }
  | { reason: "other"; refusal: UploadRefusal };

/**
 * Why an upload was refused. `knownLimit` is the bucket's limit as the page knows it, used when a 413 does not say
 * (its limitBytes is the figure, never its prose).
 */
export function uploadRefusalReason(refusal: UploadRefusal, knownLimit?: number): UploadRefusalReason {
  if (refusal.status === 413) return { reason: "tooLarge", limitBytes: refusal.limitBytes ?? knownLimit ?? null };
  if (refusal.code === "File.NotAnImage") return { reason: "notAnImage" };
  if (refusal.status === 401) return { reason: "sessionExpired" };
  return { reason: "other", refusal };
}

/** Share of an upload or download done, in whole percent (0 when the total is not known yet). */
export const percentOf = (done: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;

/** The usual types by what people call them; messages/<language>/members.json words each kind. */
const KINDS = {
  "application/pdf": "pdf",
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "text/plain": "text",
  "text/csv": "csv",
  "application/zip": "zip",
  "application/msword": "word",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "word",
  "application/vnd.ms-excel": "excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "excel",
  "application/vnd.oasis.opendocument.text": "odt",
  "application/octet-stream": "file",
} as const;
type FileKind = (typeof KINDS)[keyof typeof KINDS];

/** A file's kind ("pdf", "png"), or null when its type is none of the usual ones. */
export const fileKindOf = (contentType: string): FileKind | null =>
  Object.hasOwn(KINDS, contentType) ? KINDS[contentType as keyof typeof KINDS] : null;

/** The short label on a file without a thumbnail: its extension ("PDF"), else its kind, else its type's subtype. */
export function fileBadgeOf(fileName: string, contentType: string): string {
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1];
  const label = extension ?? fileKindOf(contentType) ?? contentType.split("/").at(-1) ?? "file";
  return label.toUpperCase().slice(0, 5);
}

/** "Ana García López" → "AL": the first letters of the first and last words. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ? Array.from(words[0])[0] : "";
  const last = words.length > 1 ? Array.from(words[words.length - 1] ?? "")[0] : "";
  return `${first ?? ""}${last ?? ""}`.toLocaleUpperCase() || "?";
}
