import "@/tests/support/isolated-env";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { createStorage, S3RVER_CREDENTIALS, type Storage } from ".";

const SECRET_DOCUMENT = "%PDF-1.7 payroll 2026";

describe("embedded S3 server: only requests signed with its generated secret", () => {
  let dataDir: string;
  let storage: Storage;
  let endpoint: string;
  let presigned: URL;

  const startStorage = (port = "0") => createStorage(loadConfig({ DATA_DIR: dataDir, EMBEDDED_S3_PORT: port }));
  /** A client of another local user who found the loopback port, with s3rver's published default credentials. */
  const withDefaultCredentials = () =>
    new S3Client({
      endpoint,
      region: "us-east-1",
      credentials: S3RVER_CREDENTIALS,
      forcePathStyle: true,
      maxAttempts: 1,
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "clubops-embedded-s3-"));
    storage = await startStorage();
    await storage.put("club-documents", "payroll/2026.pdf", Buffer.from(SECRET_DOCUMENT), {
      contentType: "application/pdf",
    });
    await storage.put("club-documents", "payroll/other.pdf", Buffer.from("%PDF-1.7 someone else"), {
      contentType: "application/pdf",
    });
    presigned = new URL(
      await storage.presignGet("club-documents", "payroll/2026.pdf", {
        expiresInSeconds: 300,
        downloadName: "payroll.pdf",
      }),
    );
    endpoint = presigned.origin;
  });

  afterAll(async () => {
    await storage.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("serves the service's own presigned URL", async () => {
    const response = await fetch(presigned);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SECRET_DOCUMENT);
  });

  it("refuses an unsigned read or write of an object", async () => {
    const read = await fetch(`${endpoint}/club-documents/payroll/2026.pdf`);
    expect(read.status).toBe(403);
    expect(await read.text()).not.toContain("payroll");

    const listing = await fetch(`${endpoint}/club-documents?list-type=2`);
    expect(listing.status).toBe(403);

    const write = await fetch(`${endpoint}/club-documents/payroll/planted.pdf`, { method: "PUT", body: "planted" });
    expect(write.status).toBe(403);
    expect(await storage.get("club-documents", "payroll/planted.pdf")).toBeNull();
  });

  it("refuses a presigned URL edited to point at another object, bucket or download name", async () => {
    const edited = (change: (url: URL) => void) => {
      const url = new URL(presigned);
      change(url);
      return fetch(url);
    };

    const otherKey = await edited((url) => (url.pathname = "/club-documents/payroll/other.pdf"));
    expect(otherKey.status).toBe(403);
    expect(await otherKey.text()).not.toContain("someone else");
    expect((await edited((url) => (url.pathname = url.pathname.replace("club-documents", "club-images")))).status).toBe(
      403,
    );
    expect((await edited((url) => url.searchParams.set("response-content-disposition", "inline"))).status).toBe(403);
    expect((await edited((url) => url.searchParams.set("X-Amz-Expires", "604800"))).status).toBe(403);
    expect((await edited((url) => url.searchParams.delete("X-Amz-Signature"))).status).toBe(403);
  });

  it("refuses requests signed with s3rver's published default credentials", async () => {
    const client = withDefaultCredentials();
    try {
      await expect(
        client.send(new GetObjectCommand({ Bucket: "club-documents", Key: "payroll/2026.pdf" })),
      ).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
      await expect(client.send(new ListObjectsV2Command({ Bucket: "club-documents" }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
      await expect(
        client.send(new PutObjectCommand({ Bucket: "club-documents", Key: "planted.txt", Body: "x" })),
      ).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
    } finally {
      client.destroy();
    }
  });

  it("keeps its secret owner-only in DATA_DIR, so presigned URLs outlive a restart on the same port", async () => {
    expect((await stat(path.join(dataDir, "s3-secret"))).mode & 0o777).toBe(0o600);

    await storage.close();
    storage = await startStorage(presigned.port);

    const response = await fetch(presigned);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SECRET_DOCUMENT);
  });
});
