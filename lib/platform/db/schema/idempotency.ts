import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, timestamptz } from "./columns";

/**
 * One row per Idempotency-Key a caller sent (lib/idempotency, docs/api.md, Idempotency): reserved while the first
 * attempt runs, then holding its answer for replays until `expires_at`.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of method, path and key: a fixed-size key however long the path or the client's key. */
    scopeHash: text("scope_hash").notNull(),
    /** SHA-256 of what the request asks: method, path and query, and its JSON body or an upload's declared type and length. */
    requestHash: text("request_hash").notNull(),
    /** SHA-256 of an upload's bytes, once the first attempt has read them all. */
    uploadHash: text("upload_hash"),
    /** The attempt holding the key: only it may record the answer or release the key. */
    attemptId: uuid("attempt_id").notNull(),
    /** While the answer is null the attempt runs; past this lease (renewed as it runs) its instance is taken for dead. */
    lockedUntil: timestamptz("locked_until").notNull(),
    responseStatus: integer("response_status"),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    responseBody: text("response_body"),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scopeHash] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);
