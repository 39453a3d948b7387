/**
 * Image types the club-images bucket accepts, recognised by their magic numbers rather than by the name or the
 * declared Content-Type, which the client controls. SVG is left out on purpose: it is XML that can carry script.
 */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The extension a stored image's name takes from its type (lib/files/names.ts, nameWithExtension). */
export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** Bytes the longest signature needs (WebP: "RIFF", a 4-byte size, "WEBP"). */
export const SNIFF_BYTES = 12;

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/** Byte patterns at fixed offsets; all must match. */
type Signature = { type: ImageType; parts: readonly { offset: number; bytes: readonly number[] }[] };

const SIGNATURES: readonly Signature[] = [
  { type: "image/jpeg", parts: [{ offset: 0, bytes: [0xff, 0xd8, 0xff] }] },
  { type: "image/png", parts: [{ offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }] },
  { type: "image/gif", parts: [{ offset: 0, bytes: ascii("GIF87a") }] },
  { type: "image/gif", parts: [{ offset: 0, bytes: ascii("GIF89a") }] },
  // Both parts: a RIFF container is also WAV or AVI.
  {
    type: "image/webp",
    parts: [
      { offset: 0, bytes: ascii("RIFF") },
      { offset: 8, bytes: ascii("WEBP") },
    ],
  },
];

/** The image type the first bytes of a file announce, or null when they are not one of IMAGE_TYPES. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const signature = SIGNATURES.find(({ parts }) =>
    parts.every(({ offset, bytes }) => bytes.every((byte, i) => head[offset + i] === byte)),
  );
  return signature?.type ?? null;
}
