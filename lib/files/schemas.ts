import { z } from "zod";
import { paginationQuery } from "@/lib/platform/pagination";
import { BUCKETS } from "@/lib/platform/storage";

const bucketField = z.enum(BUCKETS, { error: `Use one of ${BUCKETS.join(", ")}.` });

/** The client's name for the file; stored sanitized (see names.ts), never used as the object key. */
const fileNameField = z
  .string()
  .min(1, "Required.")
  .max(1000, "Use at most 1000 characters.")
  .meta({ description: "The file's name, for display and downloads; stored sanitized.", examples: ["contract.pdf"] });

/** POST /api/files: the body is the file itself, so everything else travels in the query string. */
export const uploadQuery = z.object({
  bucket: bucketField.meta({ description: "The bucket to store the file in; each has its own size limit and types." }),
  name: fileNameField,
  memberId: z
    .uuid("Not a valid id.")
    .optional()
    .meta({ description: "Attaches the file to a member, e.g. a signed contract in club-documents." }),
});

/** PUT /api/members/{id}/photo. */
export const photoUploadQuery = z.object({ name: fileNameField.optional() });

export const fileListQuery = paginationQuery(["createdAt", "fileName", "sizeBytes"], "createdAt").extend({
  bucket: bucketField.optional().meta({ description: "Only files in this bucket." }),
  memberId: z.uuid("Not a valid id.").optional().meta({ description: "Only files attached to this member." }),
});
export type FileListQuery = z.output<typeof fileListQuery>;

/** How long a club-temp file lives before the expire-temp-files job deletes it. */
export const TEMP_FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Lifetime of a presigned download URL: long enough to start a download, short enough to be useless if leaked. */
export const DOWNLOAD_URL_TTL_SECONDS = 300;
