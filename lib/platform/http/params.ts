import { z } from "zod";

/** `{id}` path parameters are UUIDs; anything else is a 400 validation problem, never a database error. */
export const idParams = z.object({ id: z.uuid("Not a valid id.") });

export const NUL_CHARACTER_MESSAGE = "Must not contain the NUL character (U+0000).";
const LONE_SURROGATE_MESSAGE = "Must be well-formed Unicode text (a \\ud800-\\udfff escape must be half of a pair).";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why PostgreSQL could not store `text` (text and jsonb refuse U+0000, and jsonb refuses an unpaired surrogate
 * escape), or null. route() refuses such strings in path parameters and JSON bodies by itself.
 */
export function unstorableTextProblem(text: string): string | null {
  if (text.includes("\u0000")) return NUL_CHARACTER_MESSAGE;
  return LONE_SURROGATE.test(text) ? LONE_SURROGATE_MESSAGE : null;
}

/**
 * A yes/no filter of a query string: exactly `true` or `false` (the document types it boolean, which clients
 * serialize as those words); absent is no filter.
 */
export const booleanFilter = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .optional();

/** For a query string field matched in SQL (a search): query values are the schemas' to judge. */
export const withoutNul = (text: string) => !text.includes("\u0000");

/** A list's optional `search` (trimmed, at most 100 characters), described by what it matches. */
export const searchFilter = (description: string) =>
  z.string().trim().max(100).refine(withoutNul, NUL_CHARACTER_MESSAGE).optional().meta({ description });

export const YEAR_ZERO_MESSAGE = "There is no year 0000; use a year from 0001.";

/** PostgreSQL has no year 0 (1 BC precedes AD 1): a YYYY-MM-DD date or ISO date-time in year 0000 cannot be stored or compared. */
export const notYearZero = (isoDate: string) => !isoDate.startsWith("0000");
