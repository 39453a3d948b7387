import { createS3Storage } from "./s3";
import { S3RVER_CREDENTIALS, startS3rver } from "./s3rver";
import type { Storage } from "./types";

/** The S3 adapter pointed at an in-process s3rver; close() stops both. */
export async function createEmbeddedStorage(options: { port: number; directory: string; region: string }): Promise<Storage> {
  const server = await startS3rver(options);
  const storage = createS3Storage({
    endpoint: server.endpoint,
    region: options.region,
    ...S3RVER_CREDENTIALS,
    forcePathStyle: true,
    checksumWhenRequired: true,
  });
  return {
    ...storage,
    kind: "embedded",
    async close() {
      await storage.close();
      await server.close();
    },
  };
}
