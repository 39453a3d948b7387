import { and, asc, desc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import { live } from "@/lib/members/repository";
import type { Executor } from "@/lib/platform/db";
import { countRowsOf, selectPage } from "@/lib/platform/db/paged-select";
import { type ExpectedVersion, nextVersion, versionMatches } from "@/lib/platform/db/row-version";
import { files, invoices, members } from "@/lib/platform/db/schema";
import { type Paginated, withItems } from "@/lib/platform/pagination";
import type { BucketName } from "@/lib/platform/storage";
import type { FileListQuery } from "./schemas";

/** What the API shows of a file. The object key stays internal: clients address files by id. */
export type FileMetadata = {
  id: string;
  bucket: BucketName;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  /** Hex SHA-256 of the content, computed while it was uploaded; also the download's ETag. */
  checksumSha256: string;
  ownerUserId: string | null;
  memberId: string | null;
  /** When the expire-temp-files job deletes it (club-temp only). */
  expiresAt: Date | null;
  createdAt: Date;
  /** The record's version, its ETag (docs/api.md, Concurrency control); a file's metadata never changes, so 1. */
  version: number;
};

export type StoredFile = FileMetadata & { objectKey: string };

/** files.subject_type of a member's files (documents and photo). */
const MEMBER_SUBJECT = "member";

const storedColumns = {
  id: files.id,
  bucket: files.bucket,
  fileName: files.fileName,
  contentType: files.contentType,
  sizeBytes: files.sizeBytes,
  checksumSha256: files.checksumSha256,
  ownerUserId: files.ownerUserId,
  memberId: sql<string | null>`case when ${files.subjectType} = ${MEMBER_SUBJECT} then ${files.subjectId} end`,
  expiresAt: files.expiresAt,
  createdAt: files.createdAt,
  version: files.version,
  objectKey: files.objectKey,
};

export const withoutKey = ({ objectKey: _objectKey, ...metadata }: StoredFile): FileMetadata => metadata;

const ORDER_COLUMNS = {
  createdAt: files.createdAt,
  fileName: sql`lower(${files.fileName})`,
  sizeBytes: files.sizeBytes,
} satisfies Record<FileListQuery["orderBy"], unknown>;

function filterOf(query: Pick<FileListQuery, "bucket" | "memberId">): SQL | undefined {
  return and(
    query.bucket ? eq(files.bucket, query.bucket) : undefined,
    query.memberId ? and(eq(files.subjectType, MEMBER_SUBJECT), eq(files.subjectId, query.memberId)) : undefined,
  );
}

export async function selectFilePage(executor: Executor, query: FileListQuery): Promise<Paginated<FileMetadata>> {
  const direction = query.orderDirection === "asc" ? asc : desc;
  const page = await selectPage(
    { rows: executor.select(storedColumns).from(files).$dynamic(), count: countRowsOf(executor, files) },
    filterOf(query),
    [direction(ORDER_COLUMNS[query.orderBy]), asc(files.id)],
    query,
  );
  return withItems(page, page.items.map(withoutKey));
}

export async function findFile(executor: Executor, id: string): Promise<StoredFile | null> {
  const [row] = await executor.select(storedColumns).from(files).where(eq(files.id, id));
  return row ?? null;
}

/** What a file belongs to besides a member, e.g. ("invoice", <id>) for an invoice's PDF. */
export type FileSubject = { type: string; id: string };

export type NewFile = Omit<FileMetadata, "createdAt" | "memberId" | "version"> & {
  objectKey: string;
  memberId?: string;
  subject?: FileSubject;
};

export async function insertFile(executor: Executor, file: NewFile): Promise<StoredFile> {
  const { memberId, subject, ...columns } = file;
  const owner = memberId ? { type: MEMBER_SUBJECT, id: memberId } : subject;
  const [row] = await executor
    .insert(files)
    .values({ ...columns, ...(owner && { subjectType: owner.type, subjectId: owner.id }) })
    .returning(storedColumns);
  if (!row) throw new Error("insert returned no file");
  return row;
}

/** Deletes the row and answers what it held, or null when there was none (already deleted). */
export async function deleteFileRow(
  executor: Executor,
  id: string,
  expected?: ExpectedVersion,
): Promise<StoredFile | null> {
  const [row] = await executor
    .delete(files)
    .where(and(eq(files.id, id), versionMatches(files.version, expected)))
    .returning(storedColumns);
  return row ?? null;
}

/** Whether an issued invoice has the file as its PDF (the foreign key refuses deleting it then). */
export async function isInvoicePdf(executor: Executor, id: string): Promise<boolean> {
  const [row] = await executor.select({ id: invoices.id }).from(invoices).where(eq(invoices.pdfFileId, id)).limit(1);
  return row !== undefined;
}

/** club-temp files whose time is up, oldest first (the files_expiry_idx partial index answers this). */
export async function selectExpiredTempFiles(
  executor: Executor,
  now: Date,
  limit: number,
): Promise<Pick<StoredFile, "id" | "objectKey">[]> {
  return executor
    .select({ id: files.id, objectKey: files.objectKey })
    .from(files)
    .where(and(eq(files.bucket, "club-temp"), lte(files.expiresAt, now)))
    .orderBy(asc(files.expiresAt))
    .limit(limit);
}

export async function deleteFileRows(executor: Executor, ids: string[]): Promise<string[]> {
  const deleted = await executor.delete(files).where(inArray(files.id, ids)).returning({ id: files.id });
  return deleted.map((row) => row.id);
}

/**
 * A live member's photo (`photoFileId` null when none), or undefined when there is no live member. With `lock`,
 * the member's row stays locked for the transaction, so two photo uploads at once cannot both keep their file.
 */
export async function findMemberPhoto(
  executor: Executor,
  memberId: string,
  options: { lock?: boolean } = {},
): Promise<{ photoFileId: string | null } | undefined> {
  const query = executor
    .select({ photoFileId: members.photoFileId })
    .from(members)
    .where(and(eq(members.id, memberId), live));
  const [member] = options.lock ? await query.for("update") : await query;
  return member;
}

export async function setMemberPhoto(executor: Executor, memberId: string, fileId: string): Promise<void> {
  await executor
    .update(members)
    .set({ photoFileId: fileId, updatedAt: new Date(), version: nextVersion(members.version) })
    .where(eq(members.id, memberId));
}
