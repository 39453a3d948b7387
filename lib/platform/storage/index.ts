import path from "node:path";
import type { Config } from "@/lib/config";
import { DependencyUnavailableError } from "../errors";
import { logger } from "../logger";
import { createEmbeddedStorage } from "./embedded";
import { createS3Storage } from "./s3";
import type { Storage } from "./types";

export { S3RVER_CREDENTIALS, type S3rverHandle, startS3rver } from "./s3rver";
export { BUCKETS, type BucketName, type ByteRange, type Storage, type StoredObject } from "./types";

/**
 * S3 at S3_ENDPOINT, else s3rver in-process with data under DATA_DIR/s3, accepting only requests signed with the
 * secret in DATA_DIR/s3-secret. Either way the three buckets exist after start.
 */
export async function createStorage(config: Config): Promise<Storage> {
  if (!config.S3_ENDPOINT) {
    const storage = await createEmbeddedStorage({
      port: config.EMBEDDED_S3_PORT,
      directory: path.join(config.dataDir, "s3"),
      secretFile: path.join(config.dataDir, "s3-secret"),
      region: config.S3_REGION,
    });
    await storage.ping().catch(async (error: unknown) => {
      await storage.close();
      throw error;
    });
    return storage;
  }
  const storage = createS3Storage({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    checksumWhenRequired: config.S3_CHECKSUM_WHEN_REQUIRED,
  });
  try {
    await storage.ping();
  } catch (error) {
    if (!(error instanceof DependencyUnavailableError)) throw error;
    // Start anyway: readiness reports storage as unhealthy and the buckets are created on the next call.
    logger.warn({ err: error, endpoint: config.S3_ENDPOINT }, "object storage unreachable at start");
  }
  return storage;
}
