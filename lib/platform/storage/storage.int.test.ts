import "@/tests/support/isolated-env";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { ListBucketsCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { DependencyUnavailableError } from "../errors";
import { BUCKETS, createStorage, S3RVER_CREDENTIALS, type S3rverHandle, type Storage, startS3rver } from ".";

const MiB = 1024 * 1024;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function sha256Of(body: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of body) hash.update(chunk);
  return hash.digest("hex");
}

/** `megabytes` of random data as a stream of unknown length, and its digest once fully read. */
function randomStream(megabytes: number): { body: Readable; digest: () => string } {
  const hash = createHash("sha256");
  async function* chunks() {
    for (let i = 0; i < megabytes; i += 1) {
      const chunk = randomBytes(MiB);
      hash.update(chunk);
      yield chunk;
    }
  }
  return { body: Readable.from(chunks()), digest: () => hash.digest("hex") };
}

describe("embedded storage", () => {
  let dataDir: string;
  let storage: Storage;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "clubops-storage-"));
    storage = await createStorage(loadConfig({ DATA_DIR: dataDir }));
  });

  afterAll(async () => {
    await storage.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("starts s3rver under DATA_DIR/s3 with the three buckets", async () => {
    expect(storage.kind).toBe("embedded");
    expect((await readdir(path.join(dataDir, "s3"))).sort()).toEqual([...BUCKETS].sort());
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it("stores a streamed 20 MB body and returns it byte-identical", async () => {
    const source = randomStream(20);
    const started = performance.now();
    await storage.put("club-documents", "big/20mb.bin", source.body, { contentType: "application/octet-stream" });
    const uploadMs = performance.now() - started;

    const object = await storage.get("club-documents", "big/20mb.bin");
    expect(object).not.toBeNull();
    expect(object?.contentLength).toBe(20 * MiB);
    expect(object?.contentType).toBe("application/octet-stream");
    expect(await sha256Of(object!.body)).toBe(source.digest());
    console.info(
      `20 MB streamed upload: ${Math.round(uploadMs)} ms, round trip: ${Math.round(performance.now() - started)} ms`,
    );
  });

  it("serves byte ranges", async () => {
    const content = randomBytes(1000);
    await storage.put("club-images", "range.bin", content, { contentType: "image/png", contentLength: content.length });

    const middle = await storage.get("club-images", "range.bin", { start: 100, end: 199 });
    expect(middle?.contentLength).toBe(100);
    expect(middle?.contentRange).toBe("bytes 100-199/1000");
    expect((await readAll(middle!.body)).equals(content.subarray(100, 200))).toBe(true);

    const tail = await storage.get("club-images", "range.bin", { start: 900 });
    expect((await readAll(tail!.body)).equals(content.subarray(900))).toBe(true);
  });

  it("returns null for a missing key and deletes idempotently", async () => {
    expect(await storage.get("club-temp", "never-written")).toBeNull();

    await storage.put("club-temp", "short-lived.txt", Buffer.from("bye"), { contentType: "text/plain" });
    await storage.delete("club-temp", "short-lived.txt");
    expect(await storage.get("club-temp", "short-lived.txt")).toBeNull();
    await expect(storage.delete("club-temp", "short-lived.txt")).resolves.toBeUndefined();
  });

  it("presigns a download URL that works without credentials", async () => {
    await storage.put("club-documents", "contracts/año 1.pdf", Buffer.from("%PDF-1.7 contract"), {
      contentType: "application/pdf",
    });
    const url = await storage.presignGet("club-documents", "contracts/año 1.pdf", {
      expiresInSeconds: 60,
      downloadName: "Contrato año 1.pdf",
    });

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain("filename*=UTF-8''Contrato%20a%C3%B1o%201.pdf");
    expect(await response.text()).toBe("%PDF-1.7 contract");
  });
});

describe("storage at S3_ENDPOINT", () => {
  let dataDir: string;
  let server: S3rverHandle;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "clubops-s3-"));
    server = await startS3rver({ port: 0, directory: dataDir, secretAccessKey: S3RVER_CREDENTIALS.secretAccessKey });
  });

  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("creates missing buckets at start and round-trips an object", async () => {
    const storage = await createStorage(
      loadConfig({
        S3_ENDPOINT: server.endpoint,
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        S3_CHECKSUM_WHEN_REQUIRED: "true",
      }),
    );
    const admin = new S3Client({
      endpoint: server.endpoint,
      region: "us-east-1",
      credentials: S3RVER_CREDENTIALS,
      forcePathStyle: true,
    });
    try {
      expect(storage.kind).toBe("s3");
      const { Buckets = [] } = await admin.send(new ListBucketsCommand({}));
      expect(Buckets.map((b) => b.Name).sort()).toEqual([...BUCKETS].sort());

      await storage.put("club-temp", "hello.txt", Readable.from([Buffer.from("hello "), Buffer.from("world")]), {
        contentType: "text/plain",
      });
      const object = await storage.get("club-temp", "hello.txt");
      expect((await readAll(object!.body)).toString()).toBe("hello world");
    } finally {
      admin.destroy();
      await storage.close();
    }
  });

  it("provisions the buckets when several instances start on a fresh server at once", async () => {
    // s3rver answers the instances that lose the race to create a bucket BucketAlreadyExists, not
    // BucketAlreadyOwnedByYou; each instance must still start (tests/operations starts four together).
    const directory = await mkdtemp(path.join(os.tmpdir(), "clubops-s3-fresh-"));
    const fresh = await startS3rver({ port: 0, directory, secretAccessKey: S3RVER_CREDENTIALS.secretAccessKey });
    const config = loadConfig({
      S3_ENDPOINT: fresh.endpoint,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_CHECKSUM_WHEN_REQUIRED: "true",
    });
    const instances = await Promise.all(Array.from({ length: 4 }, () => createStorage(config)));
    try {
      await Promise.all(
        instances.map((storage, index) =>
          storage.put("club-temp", `from-${index}.txt`, Buffer.from(`instance ${index}`), {
            contentType: "text/plain",
          }),
        ),
      );
      const object = await instances[0]?.get("club-temp", "from-3.txt");
      expect((await readAll(object!.body)).toString()).toBe("instance 3");
    } finally {
      await Promise.all(instances.map((storage) => storage.close()));
      await fresh.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("fails fast with DependencyUnavailableError when the endpoint is dead", async () => {
    const started = performance.now();
    const storage = await createStorage(loadConfig({ S3_ENDPOINT: "http://127.0.0.1:1" }));
    try {
      await expect(storage.ping()).rejects.toBeInstanceOf(DependencyUnavailableError);
      await expect(storage.get("club-documents", "x")).rejects.toBeInstanceOf(DependencyUnavailableError);
      await expect(
        storage.put("club-documents", "x", Buffer.from("x"), { contentType: "text/plain" }),
      ).rejects.toBeInstanceOf(DependencyUnavailableError);
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      await storage.close();
    }
  });
});
