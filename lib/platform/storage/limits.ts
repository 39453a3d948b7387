import type { Config } from "@/lib/config";
import type { BucketName } from "./types";

// With the buckets rather than in lib/files: the public settings tell clients these limits before they upload.

const MiB = 1024 * 1024;

/** The configured upload limit of each bucket, in bytes. */
export function bucketLimits(
  config: Pick<Config, "FILE_LIMIT_DOCUMENTS_MB" | "FILE_LIMIT_IMAGES_MB" | "FILE_LIMIT_TEMP_MB">,
): Record<BucketName, number> {
  return {
    "club-documents": config.FILE_LIMIT_DOCUMENTS_MB * MiB,
    "club-images": config.FILE_LIMIT_IMAGES_MB * MiB,
    "club-temp": config.FILE_LIMIT_TEMP_MB * MiB,
  };
}
