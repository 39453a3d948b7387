/**
 * File names come from the client and end up in Content-Disposition headers, in the console and on staff
 * members' disks when they download. They are display names only (object keys are generated), but they must
 * still be harmless on every file system: no path, no control or bidirectional-override characters (which can
 * disguise "gpj.exe" as "exe.jpg"), no characters Windows reserves, and a bounded length. Letters of every
 * script are kept.
 */

/** Most file systems allow 255 bytes per name. */
export const MAX_FILE_NAME_BYTES = 255;
/** Used when nothing printable is left. */
export const FALLBACK_FILE_NAME = "file";

// \p{Cc}: C0/C1 controls; \p{Cf}: format characters, including the bidi overrides and zero-width characters.
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const RESERVED = /[<>:"|?*]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
/** An extension worth keeping when the name is shortened: a dot and 1 to 10 letters or digits. */
const EXTENSION = /\.[\p{L}\p{N}]{1,10}$/u;

const utf8Length = (text: string) => Buffer.byteLength(text, "utf8");

/** Drops code points from the end (never half a surrogate pair) until `text` fits in `maxBytes`. */
function truncateToBytes(text: string, maxBytes: number): string {
  const chars = Array.from(text);
  while (chars.length > 0 && utf8Length(chars.join("")) > maxBytes) chars.pop();
  return chars.join("");
}

/** Keeps the extension when the name is too long, so "report….pdf" still opens as a PDF. */
function limitLength(name: string): string {
  if (utf8Length(name) <= MAX_FILE_NAME_BYTES) return name;
  const extension = name.match(EXTENSION)?.[0] ?? "";
  const base = name.slice(0, name.length - extension.length);
  return truncateToBytes(base, MAX_FILE_NAME_BYTES - utf8Length(extension)).trimEnd() + extension;
}

/** A safe display name for an uploaded file's client-supplied name. */
export function sanitizeFileName(raw: string): string {
  const lastSegment = raw.normalize("NFC").split(/[/\\]/).pop() ?? "";
  const cleaned = lastSegment
    .replace(INVISIBLE, "")
    .replace(RESERVED, "_")
    .replace(/\s+/g, " ")
    // Leading dots hide files (and "." / ".." name directories); Windows drops trailing dots and spaces.
    .replace(/^[\s.]+|[\s.]+$/g, "");
  const safe = WINDOWS_DEVICE.test(cleaned) ? `_${cleaned}` : cleaned;
  return limitLength(safe) || FALLBACK_FILE_NAME;
}

/**
 * A sanitised name ending in `extension` (an image's, from its sniffed type): a JPEG uploaded as "photo.png" or
 * "photo.exe" is stored as "photo.jpg", so whoever downloads it opens it as what it is.
 */
export function nameWithExtension(raw: string, extension: string): string {
  const base = sanitizeFileName(raw).replace(EXTENSION, "");
  return limitLength(`${base || FALLBACK_FILE_NAME}.${extension}`);
}
