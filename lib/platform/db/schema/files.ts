import { sql } from "drizzle-orm";
import { bigint, check, index, pgEnum, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, timestamptz, version } from "./columns";

export const bucketName = pgEnum("bucket_name", ["club-documents", "club-images", "club-temp"]);

/** Metadata of every stored object; the bytes live in S3-compatible storage. */
export const files = pgTable(
  "files",
  {
    id: id(),
    bucket: bucketName("bucket").notNull(),
    objectKey: text("object_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    checksumSha256: text("checksum_sha256").notNull(),
    ownerUserId: uuid("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    /** What the file belongs to, e.g. ("member", <id>), so a member page lists its documents. */
    subjectType: text("subject_type"),
    subjectId: uuid("subject_id"),
    expiresAt: timestamptz("expires_at"),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    unique("files_bucket_key").on(t.bucket, t.objectKey),
    index("files_subject_idx").on(t.subjectType, t.subjectId),
    index("files_expiry_idx").on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    check("files_size_nonnegative", sql`${t.sizeBytes} >= 0`),
  ],
);
