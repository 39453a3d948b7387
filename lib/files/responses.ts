import { z } from "zod";
import { instant, type JsonOf, nameSchemas, pageOf, recordVersion, type SameShape } from "@/lib/platform/http/shapes";
import { BUCKETS } from "@/lib/platform/storage";
import type { FileMetadata } from "./repository";

/*
 * Answers of the file endpoints for the API reference, checked at compile time against what the services return
 * (the pattern of lib/openapi/responses.ts, kept beside the module).
 */

const uuid = () => z.string().meta({ format: "uuid" });

export const fileResponse = z.strictObject({
  id: uuid(),
  bucket: z.enum(BUCKETS),
  fileName: z.string().meta({ description: "The client's name, sanitized; a display name only." }),
  contentType: z
    .string()
    .meta({ description: "Declared type without parameters; for images, the type the bytes show." }),
  sizeBytes: z.number().int(),
  checksumSha256: z.string().meta({ description: "Hex SHA-256 of the content; the download's ETag." }),
  ownerUserId: uuid().nullable(),
  memberId: uuid().nullable(),
  expiresAt: instant().nullable().meta({ description: "club-temp only: when the expire-temp-files job deletes it." }),
  createdAt: instant(),
  version: recordVersion(),
});
const fileIsExact: SameShape<z.output<typeof fileResponse>, JsonOf<FileMetadata>> = true;

export const filePageResponse = pageOf(fileResponse);

export const downloadUrlResponse = z.strictObject({
  url: z
    .string()
    .meta({ format: "uri", description: "Presigned storage URL; works without credentials until expiresAt." }),
  expiresAt: instant(),
});

void fileIsExact;

// The names these schemas go by in the OpenAPI document.
nameSchemas([
  [fileResponse, "File"],
  [downloadUrlResponse, "DownloadUrl"],
]);
