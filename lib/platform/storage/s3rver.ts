import { mkdir } from "node:fs/promises";

export type S3rverHandle = {
  /** http://127.0.0.1:<port>, ready for S3_ENDPOINT. */
  endpoint: string;
  close(): Promise<void>;
};

/** s3rver accepts only its own fixed credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

/** Starts s3rver in this process on loopback, persisting objects under `directory`. Port 0 picks a free port. */
export async function startS3rver(options: { port: number; directory: string }): Promise<S3rverHandle> {
  await mkdir(options.directory, { recursive: true });
  // Loaded on demand: only the embedded default needs s3rver and its Koa stack.
  const { default: S3rver } = await import("s3rver");
  const server = new S3rver({ address: "127.0.0.1", port: options.port, directory: options.directory, silent: true });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      // Keep-alive sockets from SDK clients and fetch would otherwise hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
}
