import { readOrCreateSecret } from "../secret-file";
import { createS3Storage } from "./s3";
import { startS3rver } from "./s3rver";
import type { Storage } from "./types";

/**
 * The S3 adapter pointed at an in-process s3rver that accepts only requests signed with a secret generated once and
 * kept in `secretFile` (0600), so presigned URLs stay valid across restarts; close() stops both.
 */
export async function createEmbeddedStorage(options: {
  port: number;
  directory: string;
  secretFile: string;
  region: string;
}): Promise<Storage> {
  const server = await startS3rver({
    port: options.port,
    directory: options.directory,
    secretAccessKey: await readOrCreateSecret(options.secretFile),
  });
  const storage = createS3Storage({
    endpoint: server.endpoint,
    region: options.region,
    ...server.credentials,
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
