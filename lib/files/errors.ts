import { type BusinessError, businessError } from "@/lib/platform/result";

export const FileErrors = {
  notFound: businessError("File.NotFound", "not_found", "No file has that id."),
  notAnImage: businessError(
    "File.NotAnImage",
    "invalid",
    "The content is not a JPEG, PNG, GIF or WebP image (checked from its bytes, not its name or declared type).",
  ),
  noPhoto: businessError("File.NoPhoto", "not_found", "The member has no photo."),
  inUse: businessError(
    "File.InUse",
    "conflict",
    "The file is an issued invoice's PDF, kept as long as the invoice (invoices are never deleted).",
  ),
} as const;

export const TOO_LARGE_CODE = "File.TooLarge";

/**
 * Over the bucket's limit. The route answers it as 413 problem details (like any over-long request body),
 * not as a compact business error, so it needs a code the route can recognise.
 */
export function tooLarge(bucket: string, limitBytes: number): BusinessError {
  const mib = limitBytes / (1024 * 1024);
  return Object.freeze({
    ...businessError(TOO_LARGE_CODE, "invalid", `Files in ${bucket} are limited to ${mib} MiB (${limitBytes} bytes).`),
    limitBytes,
  });
}
