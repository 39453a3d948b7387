import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { BusinessError } from "@/lib/platform/result";
import type { Executor } from "./types";

/**
 * The versions a conditional write accepts (a request's If-Match): `undefined` accepts any (no If-Match, or `*`);
 * otherwise the stored version must be one of these, and an empty list (an If-Match naming no version of ours)
 * accepts none.
 */
export type ExpectedVersion = readonly number[] | undefined;

/** The SET value that counts an update: the row's version plus one, in the statement that changes the row. */
export const nextVersion = (column: AnyPgColumn): SQL => sql`${column} + 1`;

/**
 * The WHERE condition of a conditional write, so the check and the write are one statement: of two writers holding
 * the same version, the second waits for the first's row lock, re-reads the row and matches nothing.
 */
export function versionMatches(column: AnyPgColumn, expected: ExpectedVersion): SQL | undefined {
  if (expected === undefined) return undefined;
  return expected.length === 0 ? sql`false` : inArray(column, [...expected]);
}

/** For a row this transaction already holds locked (FOR UPDATE, or read in a SERIALIZABLE transaction). */
export const acceptsVersion = (expected: ExpectedVersion, stored: number): boolean =>
  expected === undefined || expected.includes(stored);

export const PreconditionErrors = {
  failed: Object.freeze({
    code: "Precondition.Failed",
    kind: "precondition_failed",
    message: "The record was changed by someone else since you loaded it; load it again and reapply your change.",
  }) satisfies BusinessError,
} as const;

/** Precondition.Failed carrying the version the row now has, which the answer's ETag tells the client. */
export const staleVersion = (currentVersion: number): BusinessError =>
  Object.freeze({ ...PreconditionErrors.failed, currentVersion });

/**
 * Why a conditional write matched no row: there is none with that id (`notFound`), or it has another version than
 * the request expected (Precondition.Failed with the version it has).
 */
export async function refusalOfConditionalWrite(
  executor: Executor,
  table: VersionedTable,
  id: string,
  notFound: BusinessError,
): Promise<BusinessError> {
  const version = await storedVersion(executor, table, id);
  return version === null ? notFound : staleVersion(version);
}

type VersionedTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn };

/** The row's version, or null when there is no row with that id. */
export async function storedVersion(executor: Executor, table: VersionedTable, id: string): Promise<number | null> {
  const [row] = await executor.select({ version: table.version }).from(table).where(eq(table.id, id));
  return row ? Number(row.version) : null;
}
