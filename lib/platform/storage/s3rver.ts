import { mkdir } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { logger } from "../logger";
import { hasValidSignature, type S3Credentials } from "./sigv4";

export type S3rverHandle = {
  /** http://127.0.0.1:<port>, ready for S3_ENDPOINT. */
  endpoint: string;
  /** The only credentials the server accepts. */
  credentials: S3Credentials;
  close(): Promise<void>;
};

/** s3rver knows one account, under this access key id; what proves a request is the secret key signing it. */
const S3RVER_ACCESS_KEY_ID = "S3RVER";

/** s3rver's well-known pair, for tests that start a server of their own with `secretAccessKey: "S3RVER"`. */
export const S3RVER_CREDENTIALS = { accessKeyId: S3RVER_ACCESS_KEY_ID, secretAccessKey: "S3RVER" } as const;

function refuse(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(403, { "content-type": "application/xml" });
  response.end(
    request.method === "HEAD"
      ? undefined
      : '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>A valid signature is required.</Message></Error>',
  );
}

/**
 * Starts s3rver in this process on loopback, persisting objects under `directory`. Port 0 picks a free port.
 *
 * s3rver serves anonymous requests and does not check Signature Version 4 at all, so it runs behind a check of its
 * own: every request must be signed (header or presigned URL) with `secretAccessKey`, or it is refused with 403 before
 * s3rver sees it. Another local user, a page in a browser, or a presigned URL edited to another key gets nothing.
 */
export async function startS3rver(options: {
  port: number;
  directory: string;
  secretAccessKey: string;
}): Promise<S3rverHandle> {
  await mkdir(options.directory, { recursive: true });
  const credentials = { accessKeyId: S3RVER_ACCESS_KEY_ID, secretAccessKey: options.secretAccessKey };
  // Loaded on demand: only the embedded default needs s3rver and its Koa stack.
  const { default: S3rver } = await import("s3rver");
  const serveS3 = new S3rver({ directory: options.directory, silent: true }).callback();
  const server = createServer((request, response) => {
    hasValidSignature(
      { method: request.method ?? "GET", url: request.url ?? "/", headers: request.headers },
      credentials,
    ).then(
      (valid) => (valid ? serveS3(request, response) : refuse(request, response)),
      (error: unknown) => {
        logger.error({ err: error }, "embedded S3: signature check failed");
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    credentials,
    async close() {
      // Keep-alive sockets from SDK clients and fetch would otherwise hold close() open.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
