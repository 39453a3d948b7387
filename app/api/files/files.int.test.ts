import "@/tests/support/isolated-env";
import { createHash, randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileMetadata } from "@/lib/files/repository";
import { expireTempFilesJob } from "@/lib/jobs/definitions";
import { runJobExclusively } from "@/lib/jobs/run";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, files, members } from "@/lib/platform/db/schema";
import { PEER_ADDRESS_HEADER } from "@/lib/platform/http/client-ip";
import type { BucketName } from "@/lib/platform/storage";
import { completeSetup } from "@/tests/support/accounts";
import { call, randomIp } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { GET as memberPhoto, PUT as putMemberPhoto } from "../members/[id]/photo/route";
import { GET as getMember } from "../members/[id]/route";
import { GET as fileContent } from "./[id]/content/route";
import { GET as downloadUrl } from "./[id]/download-url/route";
import { DELETE as deleteFile, GET as getFile } from "./[id]/route";
import { GET as listFiles, POST as uploadFile } from "./route";

type Handler = typeof uploadFile;
type Page = { items: FileMetadata[]; totalCount: number; pageNumber: number; pageSize: number; totalPages: number };

const MiB = 1024 * 1024;
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const unknownId = "00000000-0000-4000-8000-000000000009";

let running: Platform;
let token: string;

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

/**
 * `size` bytes of random data as a web stream produced 1 MiB at a time (the test never holds the whole file),
 * optionally starting with `head`; `sha256()` is its digest once fully read.
 */
function randomBody(
  size: number,
  head = new Uint8Array(),
): { stream: ReadableStream<Uint8Array>; sha256: () => string; pulled: () => number } {
  const hash = createHash("sha256");
  let digest: string | undefined;
  let produced = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= size) return controller.close();
      const chunk = randomBytes(Math.min(MiB, size - produced));
      if (produced === 0) chunk.set(head.subarray(0, chunk.length));
      produced += chunk.length;
      hash.update(chunk);
      controller.enqueue(chunk);
    },
  });
  return { stream, sha256: () => (digest ??= hash.digest("hex")), pulled: () => produced };
}

type Send = {
  method?: string;
  path: string;
  params?: Record<string, string>;
  body?: BodyInit;
  headers?: Record<string, string>;
};

/** Calls a handler with a raw (possibly streamed) body, as Next.js would, and leaves the response unread. */
function send(handler: Handler, request: Send): Promise<Response> {
  const init: RequestInit & { duplex: "half" } = {
    method: request.method ?? (request.body === undefined ? "GET" : "POST"),
    headers: { authorization: `Bearer ${token}`, [PEER_ADDRESS_HEADER]: randomIp(), ...request.headers },
    body: request.body,
    duplex: "half",
  };
  return handler(new Request(`http://localhost${request.path}`, init), {
    params: Promise.resolve(request.params ?? {}),
  });
}

async function upload(
  bucket: BucketName,
  name: string,
  body: BodyInit,
  options: { headers?: Record<string, string>; memberId?: string } = {},
) {
  const query = new URLSearchParams({ bucket, name, ...(options.memberId && { memberId: options.memberId }) });
  const response = await send(uploadFile, { path: `/api/files?${query}`, body, headers: options.headers });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function uploaded(
  bucket: BucketName,
  name: string,
  body: BodyInit,
  options: Parameters<typeof upload>[3] = {},
): Promise<FileMetadata> {
  const reply = await upload(bucket, name, body, options);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as FileMetadata;
}

const byId = (id: string, suffix = "") => ({ path: `/api/files/${id}${suffix}`, params: { id } });
const content = (id: string, headers: Record<string, string> = {}) =>
  send(fileContent, { ...byId(id, "/content"), headers });
/** Reads a download chunk by chunk, hashing as it goes. */
async function streamedSha256(response: Response): Promise<string> {
  const digest = createHash("sha256");
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) digest.update(read.value);
  return digest.digest("hex");
}

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

async function rowOf(id: string) {
  const [row] = await running.database.db.select().from(files).where(eq(files.id, id));
  return row;
}

const fileRowCount = async () =>
  (await running.database.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]?.n ?? 0;

/** Objects s3rver holds in a bucket (its files named `<key>._S3rver_object`), read from its data directory. */
async function objectCount(bucket: BucketName): Promise<number> {
  const entries = await readdir(path.join(String(process.env.DATA_DIR), "s3", bucket), { recursive: true });
  return entries.filter((entry) => entry.endsWith("._S3rver_object")).length;
}

async function nothingStoredBy(bucket: BucketName, attempt: () => Promise<void>): Promise<void> {
  const [rows, objects] = [await fileRowCount(), await objectCount(bucket)];
  await attempt();
  expect(await fileRowCount()).toBe(rows);
  expect(await objectCount(bucket)).toBe(objects);
}

const auditsOf = (fileId: string) =>
  running.database.db
    .select()
    .from(auditOutbox)
    .where(and(eq(auditOutbox.entity, "file"), eq(auditOutbox.entityId, fileId)))
    .orderBy(auditOutbox.seq);

async function newMember(email: string): Promise<string> {
  const [member] = await running.database.db
    .insert(members)
    .values({ firstName: "Ana", lastName: "Pérez", email })
    .returning({ id: members.id });
  return member!.id;
}

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
});
afterAll(stopPlatform);

describe("upload and download", () => {
  it("streams a 20 MB upload to storage and back with a matching SHA-256", async () => {
    const source = randomBody(20 * MiB);
    const file = await uploaded("club-documents", "backup.bin", source.stream, {
      headers: { "content-type": "application/octet-stream" },
    });
    expect(file).toMatchObject({
      bucket: "club-documents",
      fileName: "backup.bin",
      contentType: "application/octet-stream",
      sizeBytes: 20 * MiB,
      memberId: null,
    });
    expect(file.checksumSha256).toBe(source.sha256());
    expect(file).not.toHaveProperty("objectKey");

    const response = await content(file.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(20 * MiB));
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("etag")).toBe(`"${source.sha256()}"`);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="backup.bin"; filename*=UTF-8''backup.bin`,
    );
    expect(await streamedSha256(response)).toBe(source.sha256());

    const row = await rowOf(file.id);
    // The key is generated from the date and the id, never from the client's name.
    expect(row?.objectKey).toMatch(new RegExp(`^\\d{4}/\\d{2}/${file.id}$`));
    expect(row?.ownerUserId).toEqual(expect.any(String));
    expect(await auditsOf(file.id)).toMatchObject([
      {
        action: "files.uploaded",
        severity: "Info",
        data: { bucket: "club-documents", sizeBytes: 20 * MiB, checksumSha256: source.sha256() },
      },
    ]);
  });

  it("answers metadata, and the content's Repr-Digest", async () => {
    const file = await uploaded("club-documents", "note.txt", "hello", {
      headers: { "content-type": "Text/Plain; charset=utf-8" },
    });
    expect(file.contentType).toBe("text/plain");
    const reply = await call<FileMetadata>(getFile, { ...byId(file.id), token });
    expect(reply).toMatchObject({
      status: 200,
      body: { id: file.id, fileName: "note.txt", sizeBytes: 5, checksumSha256: sha256("hello") },
    });
    const response = await content(file.id);
    expect(response.headers.get("repr-digest")).toBe(
      `sha-256=:${createHash("sha256").update("hello").digest("base64")}:`,
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new TextDecoder().decode(await bytesOf(response))).toBe("hello");
  });

  it("serves one byte range as 206, a bad one as 416, and 304 for a matching ETag", async () => {
    const data = randomBytes(1000);
    const file = await uploaded("club-documents", "range.bin", data);

    const middle = await content(file.id, { range: "bytes=100-199" });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(middle.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await bytesOf(middle)).equals(data.subarray(100, 200))).toBe(true);

    const tail = await content(file.id, { range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe("bytes 990-999/1000");
    expect(Buffer.from(await bytesOf(tail)).equals(data.subarray(990))).toBe(true);

    const beyond = await content(file.id, { range: "bytes=1000-" });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe("bytes */1000");
    expect(await beyond.json()).toMatchObject({ status: 416, instance: `GET /api/files/${file.id}/content` });

    const unchanged = await content(file.id, { "if-none-match": `"${sha256(data)}"` });
    expect(unchanged.status).toBe(304);
  });

  it("answers 404 File.NotFound for an unknown id and 400 for a malformed one", async () => {
    expect(await call(getFile, { ...byId(unknownId), token })).toMatchObject({
      status: 404,
      body: { code: "File.NotFound" },
    });
    expect((await content(unknownId)).status).toBe(404);
    expect(await call(getFile, { ...byId("nope"), token })).toMatchObject({
      status: 400,
      body: { errors: { id: [expect.any(String)] } },
    });
  });

  it("gives a presigned URL that downloads the file without credentials for 5 minutes", async () => {
    const file = await uploaded("club-documents", "Contrato año 1.pdf", "%PDF-1.7 contract", {
      headers: { "content-type": "application/pdf" },
    });
    const started = Date.now();
    const reply = await call<{ url: string; expiresAt: string }>(downloadUrl, {
      ...byId(file.id, "/download-url"),
      token,
    });
    expect(reply.status).toBe(200);
    expect(new Date(reply.body.expiresAt).getTime() - started).toBeGreaterThan(299_000);
    expect(new Date(reply.body.expiresAt).getTime() - started).toBeLessThan(301_000);
    const response = await fetch(reply.body.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("filename*=UTF-8''Contrato%20a%C3%B1o%201.pdf");
    expect(await response.text()).toBe("%PDF-1.7 contract");
  });
});

describe("limits and content checks", () => {
  it("refuses a body whose Content-Length is over the bucket's limit with 413, before reading it", async () => {
    const source = randomBody(11 * MiB, PNG_HEAD);
    await nothingStoredBy("club-images", async () => {
      const reply = await upload("club-images", "huge.png", source.stream, {
        headers: { "content-length": String(11 * MiB) },
      });
      expect(reply.status).toBe(413);
      expect(reply.headers.get("content-type")).toBe("application/problem+json");
      expect(reply.body).toMatchObject({
        status: 413,
        title: "The file is too large.",
        detail: expect.stringContaining("10 MiB"),
        code: "File.TooLarge",
        limitBytes: 10 * MiB,
      });
    });
    expect(source.pulled()).toBeLessThanOrEqual(MiB);
  });

  it("stops a streamed body at the limit with 413 and stores nothing (no row, no object)", async () => {
    const source = randomBody(40 * MiB, PNG_HEAD);
    await nothingStoredBy("club-images", async () => {
      const reply = await upload("club-images", "huge.png", source.stream);
      expect(reply.status).toBe(413);
      expect(reply.body).toMatchObject({
        status: 413,
        detail: "Files in club-images are limited to 10 MiB (10485760 bytes).",
        limitBytes: 10 * MiB,
      });
    });
    // Reading stopped at the limit (10 MiB, plus the few chunks the stream stages buffer ahead) instead of
    // draining the client's whole 40 MiB.
    expect(source.pulled()).toBeLessThan(16 * MiB);
  });

  it("accepts only real images in club-images and stores the type the bytes show", async () => {
    await nothingStoredBy("club-images", async () => {
      for (const [name, body] of [
        ["notes.png", "just some text, renamed"],
        ["logo.svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
        ["empty.png", ""],
      ] as const) {
        const reply = await upload("club-images", name, body, { headers: { "content-type": "image/png" } });
        expect(reply, name).toMatchObject({ status: 400, body: { code: "File.NotAnImage" } });
      }
    });

    const png = await uploaded("club-images", "pixel.png", Uint8Array.from([...PNG_HEAD, 1, 2, 3]), {
      headers: { "content-type": "text/html" },
    });
    expect(png.contentType).toBe("image/png");
    expect((await content(png.id)).headers.get("content-type")).toBe("image/png");
  });

  it("sanitizes names: no path, no control or bidi characters, unicode kept", async () => {
    const traversal = await uploaded("club-documents", "../../etc/pass\u202ewd\u0000.txt", "x");
    expect(traversal.fileName).toBe("passwd.txt");
    expect((await rowOf(traversal.id))?.objectKey).not.toContain("passwd");

    const unicode = await uploaded("club-documents", "C:\\fotos\\Año 2026 — Договор.pdf", "x");
    expect(unicode.fileName).toBe("Año 2026 — Договор.pdf");
    const disposition = (await content(unicode.id)).headers.get("content-disposition");
    expect(disposition).toBe(
      `attachment; filename="A_o 2026 _ _______.pdf"; filename*=UTF-8''${encodeURIComponent("Año 2026 — Договор.pdf")}`,
    );
  });

  it("validates the query: bucket, name, member id", async () => {
    const missing = await send(uploadFile, { path: "/api/files?bucket=club-secrets", body: "x" });
    expect(missing.status).toBe(400);
    expect(Object.keys((await missing.json()).errors).sort()).toEqual(["bucket", "name"]);
    await nothingStoredBy("club-documents", async () => {
      const reply = await upload("club-documents", "a.txt", "x", { memberId: unknownId });
      expect(reply).toMatchObject({ status: 404, body: { code: "Member.NotFound" } });
    });
  });
});

describe("delete", () => {
  it("removes the object and the row, audited as a Warning; a second delete is 404", async () => {
    const file = await uploaded("club-documents", "old.txt", "bye");
    const key = (await rowOf(file.id))!.objectKey;
    expect(await running.storage.get("club-documents", key)).not.toBeNull();

    const reply = await send(deleteFile, { ...byId(file.id), method: "DELETE" });
    expect(reply.status).toBe(204);
    expect(await rowOf(file.id)).toBeUndefined();
    expect(await running.storage.get("club-documents", key)).toBeNull();
    expect((await auditsOf(file.id)).map((entry) => [entry.action, entry.severity])).toEqual([
      ["files.uploaded", "Info"],
      ["files.deleted", "Warning"],
    ]);
    expect((await send(deleteFile, { ...byId(file.id), method: "DELETE" })).status).toBe(404);
  });
});

describe("list", () => {
  it("pages file metadata, filtered by bucket and member", async () => {
    const memberId = await newMember("docs@club.example");
    const contract = await uploaded("club-documents", "contract.pdf", "%PDF", { memberId });
    const id = await uploaded("club-documents", "id-card.pdf", "%PDF", { memberId });
    await uploaded("club-temp", "scratch.csv", "a,b");

    const documents = await call<Page>(listFiles, {
      path: `/api/files?memberId=${memberId}&bucket=club-documents&orderBy=fileName`,
      token,
    });
    expect(documents.status).toBe(200);
    expect(documents.body).toMatchObject({ totalCount: 2, pageNumber: 1, pageSize: 20, totalPages: 1 });
    expect(documents.body.items.map((item) => [item.id, item.memberId])).toEqual([
      [contract.id, memberId],
      [id.id, memberId],
    ]);

    const temp = await call<Page>(listFiles, {
      path: "/api/files?bucket=club-temp&pageSize=1&orderDirection=desc",
      token,
    });
    expect(temp.body).toMatchObject({
      pageSize: 1,
      items: [{ fileName: "scratch.csv", expiresAt: expect.any(String) }],
    });

    const invalid = await call(listFiles, { path: "/api/files?bucket=nope&memberId=x", token });
    expect(invalid.status).toBe(400);
    expect(Object.keys((invalid.body as { errors: object }).errors).sort()).toEqual(["bucket", "memberId"]);
  });
});

describe("expire-temp-files job", () => {
  it("deletes the objects and rows of club-temp files older than 24 hours, and nothing else", async () => {
    const expired = await uploaded("club-temp", "yesterday.csv", "old");
    const fresh = await uploaded("club-temp", "today.csv", "new");
    const document = await uploaded("club-documents", "kept.pdf", "%PDF");
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    const db = running.database.db;
    await db
      .update(files)
      .set({
        createdAt: dayAndAMinuteAgo,
        expiresAt: sql`${dayAndAMinuteAgo.toISOString()}::timestamptz + interval '24 hours'`,
      })
      .where(eq(files.id, expired.id));
    await db.update(files).set({ createdAt: dayAndAMinuteAgo }).where(eq(files.id, document.id));
    const expiredKey = (await rowOf(expired.id))!.objectKey;

    const run = await runJobExclusively(running, expireTempFilesJob);
    expect(run).toEqual({ status: "completed", outcome: { expired: 1 } });
    expect(await rowOf(expired.id)).toBeUndefined();
    expect(await running.storage.get("club-temp", expiredKey)).toBeNull();
    expect(await rowOf(fresh.id)).toBeDefined();
    expect((await content(fresh.id)).status).toBe(200);
    expect(await rowOf(document.id)).toBeDefined();
    const [audit] = await db.select().from(auditOutbox).where(eq(auditOutbox.action, "files.expired"));
    expect(audit).toMatchObject({ severity: "Info", actorId: null, data: { count: 1, fileIds: [expired.id] } });

    expect(await runJobExclusively(running, expireTempFilesJob)).toEqual({
      status: "completed",
      outcome: { expired: 0 },
    });
  });
});

describe("member photo", () => {
  const photoCall = (id: string, method = "GET", body?: BodyInit) =>
    send(method === "GET" ? memberPhoto : putMemberPhoto, {
      path: `/api/members/${id}/photo`,
      params: { id },
      method,
      body,
    });
  const putPhoto = async (id: string, body: BodyInit) => {
    const response = await photoCall(id, "PUT", body);
    return { status: response.status, body: await response.json() };
  };

  it("stores a photo, serves it inline, and replaces it deleting the old object and row", async () => {
    const memberId = await newMember("photo@club.example");
    expect(await putPhoto(memberId, "").then((reply) => reply.status)).toBe(400);
    const none = await photoCall(memberId);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ code: "File.NoPhoto" });

    const first = await putPhoto(memberId, Uint8Array.from([...PNG_HEAD, 1]));
    expect(first).toMatchObject({
      status: 200,
      // The stored name takes the extension of the type its bytes are, whatever name came with them.
      body: { bucket: "club-images", contentType: "image/png", fileName: "photo.png", memberId },
    });
    const firstKey = (await rowOf(first.body.id))!.objectKey;
    const shown = await photoCall(memberId);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(shown.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(
      (await call(getMember, { path: `/api/members/${memberId}`, params: { id: memberId }, token })).body,
    ).toMatchObject({ photoFileId: first.body.id });

    const second = await putPhoto(memberId, Uint8Array.from([...JPEG_HEAD, 2]));
    expect(second).toMatchObject({ status: 200, body: { contentType: "image/jpeg", fileName: "photo.jpg" } });
    expect(await rowOf(first.body.id)).toBeUndefined();
    expect(await running.storage.get("club-images", firstKey)).toBeNull();
    expect((await photoCall(memberId)).headers.get("content-type")).toBe("image/jpeg");
    expect((await auditsOf(first.body.id)).map((entry) => entry.action)).toEqual(["files.uploaded", "files.deleted"]);

    // A refused replacement keeps the current photo.
    await nothingStoredBy("club-images", async () => {
      expect(await putPhoto(memberId, "not an image")).toMatchObject({
        status: 400,
        body: { code: "File.NotAnImage" },
      });
    });
    expect(
      (await call(getMember, { path: `/api/members/${memberId}`, params: { id: memberId }, token })).body,
    ).toMatchObject({ photoFileId: second.body.id });

    // Deleting the file unsets the member's photo.
    expect((await send(deleteFile, { ...byId(second.body.id), method: "DELETE" })).status).toBe(204);
    expect((await photoCall(memberId)).status).toBe(404);
  });

  it("answers 404 Member.NotFound for an unknown member, storing nothing", async () => {
    await nothingStoredBy("club-images", async () => {
      expect(await putPhoto(unknownId, Uint8Array.from(PNG_HEAD))).toMatchObject({
        status: 404,
        body: { code: "Member.NotFound" },
      });
    });
    expect(await (await photoCall(unknownId)).json()).toMatchObject({ code: "Member.NotFound" });
  });
});
