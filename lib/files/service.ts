import { createHash, randomUUID } from "node:crypto";
import { pipeline, Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { recordAudit } from "@/lib/audit/record";
import { MemberErrors } from "@/lib/members/errors";
import type { Database, Transaction } from "@/lib/platform/db";
import { type ExpectedVersion, refusalOfConditionalWrite } from "@/lib/platform/db/row-version";
import { files } from "@/lib/platform/db/schema";
import { commitWhatever, rollbackOnFailure } from "@/lib/platform/db/transaction";
import { logger } from "@/lib/platform/logger";
import type { Paginated } from "@/lib/platform/pagination";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { BucketName, ByteRange, Storage, StoredObject } from "@/lib/platform/storage";
import { bucketLimits } from "@/lib/platform/storage/limits";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { FileErrors, tooLarge } from "./errors";
import { nameWithExtension, sanitizeFileName } from "./names";
import {
  deleteFileRow,
  deleteFileRows,
  type FileMetadata,
  type FileSubject,
  findFile,
  findMemberPhoto,
  insertFile,
  isInvoicePdf,
  type StoredFile,
  selectExpiredTempFiles,
  selectFilePage,
  setMemberPhoto,
  withoutKey,
} from "./repository";
import { DOWNLOAD_URL_TTL_SECONDS, type FileListQuery, TEMP_FILE_LIFETIME_MS } from "./schemas";
import { IMAGE_EXTENSIONS, SNIFF_BYTES, sniffImageType } from "./sniff";
import { ByteMeter, peek } from "./upload-stream";

/** What the file services need: the database, the object storage, the configuration (bucket limits) and who acts. */
export type FileContext = Pick<ServiceContext, "db" | "storage" | "config"> & Acting;

/** An upload as the route receives it: the raw body and what the client says about it. */
export type UploadInput = {
  body: ReadableStream<Uint8Array> | null;
  /** The client's name for the file, sanitized before it is stored. */
  fileName: string;
  /** The Content-Type header; club-images ignores it and stores the type the content shows. */
  declaredType: string | null;
  /** The Content-Length header, when sent: a body that announces more than the limit is refused unread. */
  declaredLength: number | null;
};

/** An object written to storage whose row is not written yet. */
type PendingObject = Pick<
  StoredFile,
  "id" | "bucket" | "objectKey" | "fileName" | "contentType" | "sizeBytes" | "checksumSha256"
>;

const MEDIA_TYPE = /^[\w!#$&^.+-]{1,63}\/[\w!#$&^.+-]{1,63}$/;

/** The declared media type without parameters, or application/octet-stream when absent or malformed. */
function declaredMediaType(header: string | null): string {
  const essence = header?.split(";")[0]?.trim().toLowerCase();
  return essence && MEDIA_TYPE.test(essence) ? essence : "application/octet-stream";
}

/** Keys are generated, never derived from the client's name: `yyyy/mm/<file id>`, spread by month for listing. */
function objectKeyFor(id: string, now: Date): string {
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${id}`;
}

function requestBody(body: ReadableStream<Uint8Array> | null): Readable {
  // The DOM and Node typings describe the same WHATWG stream differently.
  return body ? Readable.fromWeb(body as NodeReadableStream<Uint8Array>) : Readable.from([]);
}

/**
 * Removes an object whose row will not exist (a refused or failed upload). If storage is down as well, the
 * object is orphaned; the log line names it so it can be removed by hand.
 */
async function discardObject(storage: Storage, bucket: BucketName, objectKey: string): Promise<void> {
  await storage.delete(bucket, objectKey).catch((error: unknown) => {
    logger.error({ err: error, bucket, objectKey }, "could not delete the object of a failed upload; it is orphaned");
  });
}

/**
 * Streams the body into a new object. Nothing is left in storage when it is refused: a declared length over the
 * limit is refused before reading; an image is checked from its first bytes before anything is written; and the
 * byte meter fails the upload the moment the body passes the limit (the storage client then aborts its multipart
 * upload, and the key is deleted in case a part of it landed).
 */
async function storeObject(ctx: FileContext, bucket: BucketName, input: UploadInput): Promise<Result<PendingObject>> {
  const limitBytes = bucketLimits(ctx.config)[bucket];
  if (input.declaredLength !== null && input.declaredLength > limitBytes) return fail(tooLarge(bucket, limitBytes));

  const source = requestBody(input.body);
  try {
    let body: Readable = source;
    let contentType = declaredMediaType(input.declaredType);
    let fileName = sanitizeFileName(input.fileName);
    if (bucket === "club-images") {
      const peeked = await peek(source, SNIFF_BYTES);
      const imageType = sniffImageType(peeked.head);
      if (!imageType) return fail(FileErrors.notAnImage);
      ({ body } = peeked);
      contentType = imageType;
      fileName = nameWithExtension(input.fileName, IMAGE_EXTENSIONS[imageType]);
    }

    const id = randomUUID();
    const objectKey = objectKeyFor(id, new Date());
    const meter = new ByteMeter(limitBytes);
    // Errors reach the storage client through the meter; pipeline destroys the body when the meter fails.
    pipeline(body, meter, () => undefined);
    try {
      await ctx.storage.put(bucket, objectKey, meter, { contentType });
    } catch (error) {
      meter.destroy();
      await discardObject(ctx.storage, bucket, objectKey);
      // The storage client may report the abort of its multipart upload rather than the meter's error.
      if (meter.exceeded) return fail(tooLarge(bucket, limitBytes));
      throw error;
    }
    return ok({ id, bucket, objectKey, fileName, contentType, sizeBytes: meter.bytes, checksumSha256: meter.sha256() });
  } finally {
    // Stops reading a body that was refused part-way (no-op once it was read to the end).
    source.destroy();
  }
}

/**
 * Writes the rows of a stored object in one transaction, and deletes the object when the transaction refuses or
 * fails, so there is never an object without a row, nor a row without an object.
 */
async function persistUpload<T>(
  ctx: Pick<FileContext, "db" | "storage">,
  stored: PendingObject,
  work: (tx: Transaction) => Promise<Result<T>>,
): Promise<Result<T>> {
  try {
    const result = await rollbackOnFailure(ctx.db, work);
    if (!result.ok) await discardObject(ctx.storage, stored.bucket, stored.objectKey);
    return result;
  } catch (error) {
    await discardObject(ctx.storage, stored.bucket, stored.objectKey);
    throw error;
  }
}

async function insertUploaded(
  tx: Transaction,
  ctx: FileContext,
  stored: PendingObject,
  memberId?: string,
): Promise<StoredFile> {
  const expiresAt = stored.bucket === "club-temp" ? new Date(Date.now() + TEMP_FILE_LIFETIME_MS) : null;
  const file = await insertFile(tx, { ...stored, ownerUserId: ctx.actor.id, expiresAt, memberId });
  const { bucket, contentType, sizeBytes, checksumSha256 } = file;
  // No file name: names often hold personal data, and the audit trail is immutable.
  await recordAudit(tx, {
    action: "files.uploaded",
    severity: "Info",
    actorId: ctx.actor.id,
    entity: "file",
    entityId: file.id,
    data: { bucket, contentType, sizeBytes, checksumSha256, memberId: file.memberId },
  });
  return file;
}

/**
 * Deletes a file's row (audited) and then its object, inside the caller's transaction: if storage fails, the
 * transaction rolls back and the row stays, so a file is never listed without its content.
 */
async function removeFile(
  tx: Transaction,
  ctx: Pick<FileContext, "storage" | "actor">,
  id: string,
  reason: string,
  expected?: ExpectedVersion,
): Promise<StoredFile | null> {
  const file = await deleteFileRow(tx, id, expected);
  if (!file) return null;
  const { bucket, sizeBytes, memberId } = file;
  await recordAudit(tx, {
    action: "files.deleted",
    severity: "Warning",
    actorId: ctx.actor.id,
    entity: "file",
    entityId: id,
    data: { bucket, sizeBytes, memberId, reason },
  });
  await ctx.storage.delete(file.bucket, file.objectKey);
  return file;
}

/** A file the club's own services make (an invoice's PDF), stored without an upload and without a person acting. */
export type GeneratedFile = {
  bucket: BucketName;
  fileName: string;
  contentType: string;
  content: Uint8Array;
  subject: FileSubject;
};

/**
 * Stores a generated file: its object first, then its row (audited as stored by the system) and whatever `work` writes
 * with it, in one transaction; when that transaction refuses or fails, the object is deleted again, so a row never
 * lacks its object and an object without a row is never left behind.
 */
export async function storeGeneratedFile<T>(
  deps: Pick<FileContext, "db" | "storage">,
  file: GeneratedFile,
  work: (tx: Transaction, stored: StoredFile) => Promise<Result<T>>,
): Promise<Result<T>> {
  const id = randomUUID();
  const pending: PendingObject = {
    id,
    bucket: file.bucket,
    objectKey: objectKeyFor(id, new Date()),
    fileName: sanitizeFileName(file.fileName),
    contentType: file.contentType,
    sizeBytes: file.content.byteLength,
    checksumSha256: createHash("sha256").update(file.content).digest("hex"),
  };
  await deps.storage.put(pending.bucket, pending.objectKey, file.content, {
    contentType: pending.contentType,
    contentLength: pending.sizeBytes,
  });
  return persistUpload(deps, pending, async (tx) => {
    const stored = await insertFile(tx, { ...pending, ownerUserId: null, expiresAt: null, subject: file.subject });
    const { bucket, contentType, sizeBytes, checksumSha256 } = stored;
    await recordAudit(tx, {
      action: "files.generated",
      severity: "Info",
      entity: "file",
      entityId: stored.id,
      data: {
        bucket,
        contentType,
        sizeBytes,
        checksumSha256,
        subjectType: file.subject.type,
        subjectId: file.subject.id,
      },
    });
    return work(tx, stored);
  });
}

/** Uploads a file into `bucket`, attached to a live member when `memberId` is given. */
export async function uploadFile(
  ctx: FileContext,
  bucket: BucketName,
  input: UploadInput,
  memberId?: string,
): Promise<Result<FileMetadata>> {
  // Checked before the body is read, so a typo in the member id does not cost an upload.
  if (memberId && !(await findMemberPhoto(ctx.db, memberId))) return fail(MemberErrors.notFound);
  const stored = await storeObject(ctx, bucket, input);
  if (!stored.ok) return stored;
  return persistUpload(ctx, stored.value, async (tx) => {
    // Again inside the transaction: the member may have been deleted during the upload.
    if (memberId && !(await findMemberPhoto(tx, memberId))) return fail(MemberErrors.notFound);
    return ok(withoutKey(await insertUploaded(tx, ctx, stored.value, memberId)));
  });
}

/** Stores a new photo of a member in club-images and deletes the one it replaces (row and object). */
export async function replaceMemberPhoto(
  ctx: FileContext,
  memberId: string,
  input: UploadInput,
): Promise<Result<FileMetadata>> {
  if (!(await findMemberPhoto(ctx.db, memberId))) return fail(MemberErrors.notFound);
  const stored = await storeObject(ctx, "club-images", input);
  if (!stored.ok) return stored;
  return persistUpload(ctx, stored.value, async (tx) => {
    const member = await findMemberPhoto(tx, memberId, { lock: true });
    if (!member) return fail(MemberErrors.notFound);
    const photo = await insertUploaded(tx, ctx, stored.value, memberId);
    await setMemberPhoto(tx, memberId, photo.id);
    if (member.photoFileId) await removeFile(tx, ctx, member.photoFileId, "replaced by a new member photo");
    return ok(withoutKey(photo));
  });
}

export async function listFiles(ctx: Pick<FileContext, "db">, query: FileListQuery): Promise<Paginated<FileMetadata>> {
  return selectFilePage(ctx.db, query);
}

export async function getStoredFile(ctx: Pick<FileContext, "db">, id: string): Promise<Result<StoredFile>> {
  const file = await findFile(ctx.db, id);
  return file ? ok(file) : fail(FileErrors.notFound);
}

export async function getFile(ctx: Pick<FileContext, "db">, id: string): Promise<Result<FileMetadata>> {
  const file = await getStoredFile(ctx, id);
  return file.ok ? ok(withoutKey(file.value)) : file;
}

/** A live member's photo: Member.NotFound for no such member, File.NoPhoto when it has none. */
export async function getMemberPhoto(ctx: Pick<FileContext, "db">, memberId: string): Promise<Result<StoredFile>> {
  const member = await findMemberPhoto(ctx.db, memberId);
  if (!member) return fail(MemberErrors.notFound);
  const photo = member.photoFileId ? await findFile(ctx.db, member.photoFileId) : null;
  return photo ? ok(photo) : fail(FileErrors.noPhoto);
}

/** The file's content, or the inclusive byte range of it. */
export async function readContent(
  ctx: Pick<FileContext, "storage">,
  file: StoredFile,
  range?: ByteRange,
): Promise<Result<StoredObject>> {
  const object = await ctx.storage.get(file.bucket, file.objectKey, range);
  if (object) return ok(object);
  // A row without its object breaks the module's invariant; say so loudly, answer as if the file were gone.
  logger.error({ fileId: file.id, bucket: file.bucket, objectKey: file.objectKey }, "file row without its object");
  return fail(FileErrors.notFound);
}

/** A URL that downloads the file straight from storage, without credentials, for DOWNLOAD_URL_TTL_SECONDS. */
export async function createDownloadUrl(
  ctx: Pick<FileContext, "db" | "storage">,
  id: string,
): Promise<Result<{ url: string; expiresAt: Date }>> {
  const file = await findFile(ctx.db, id);
  if (!file) return fail(FileErrors.notFound);
  const expiresAt = new Date(Date.now() + DOWNLOAD_URL_TTL_SECONDS * 1000);
  const url = await ctx.storage.presignGet(file.bucket, file.objectKey, {
    expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
    downloadName: file.fileName,
  });
  return ok({ url, expiresAt });
}

/**
 * Deletes the file's object and row (a member photo is unset by the foreign key); audited as a Warning. An invoice's
 * PDF is refused (File.InUse): invoices, and so their PDFs, are kept.
 */
export async function deleteFile(ctx: FileContext, id: string, expected?: ExpectedVersion): Promise<Result<void>> {
  return rollbackOnFailure(ctx.db, async (tx) => {
    if (await isInvoicePdf(tx, id)) return fail(FileErrors.inUse);
    return (await removeFile(tx, ctx, id, "deleted", expected))
      ? ok(undefined)
      : fail(await refusalOfConditionalWrite(tx, files, id, FileErrors.notFound));
  });
}

export type ExpiryDependencies = { db: Database; storage: Storage };

/** Rows per round: one select, at most this many object deletes, one delete statement. */
const EXPIRY_BATCH = 500;
/** Object deletes in flight at once. */
const DELETE_CONCURRENCY = 16;

/**
 * The expire-temp-files job: club-temp files whose 24 hours are over lose their object and then their row, a
 * batch at a time. Objects go first: if storage fails, the rows stay and the next run retries them; deleting an
 * object twice is harmless. Each batch is audited once, by the system.
 */
export async function expireTempFiles(deps: ExpiryDependencies, now = new Date()): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    const batch = await selectExpiredTempFiles(deps.db, now, EXPIRY_BATCH);
    if (batch.length === 0) break;
    for (let i = 0; i < batch.length; i += DELETE_CONCURRENCY) {
      await Promise.all(
        batch.slice(i, i + DELETE_CONCURRENCY).map((file) => deps.storage.delete("club-temp", file.objectKey)),
      );
    }
    const deleted = await commitWhatever(deps.db, async (tx) => {
      const ids = await deleteFileRows(
        tx,
        batch.map((file) => file.id),
      );
      if (ids.length > 0) {
        await recordAudit(tx, {
          action: "files.expired",
          severity: "Info",
          entity: "file",
          data: { bucket: "club-temp", count: ids.length, fileIds: ids },
        });
      }
      return ids.length;
    });
    expired += deleted;
    if (batch.length < EXPIRY_BATCH) break;
  }
  return { expired };
}
