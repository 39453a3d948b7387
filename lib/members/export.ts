import type { Database } from "@/lib/platform/db";
import type { ClubLanguage } from "@/lib/settings/club-locale";
import { type ExportCursor, type ExportRow, selectExportBatch } from "./repository";
import { isPhoneNumber, type MemberExportQuery } from "./schemas";

/** Rows per query: big enough that a million members is 200 queries, small enough that memory stays flat. */
const EXPORT_BATCH_SIZE = 5_000;

const COLUMNS: Array<[header: string, value: (row: ExportRow) => string | null]> = [
  ["id", (row) => row.id],
  ["firstName", (row) => row.firstName],
  ["lastName", (row) => row.lastName],
  ["email", (row) => row.email],
  ["phone", (row) => row.phone],
  ["birthDate", (row) => row.birthDate],
  ["status", (row) => row.status],
  ["joinedOn", (row) => row.joinedOn],
  ["planCode", (row) => row.currentPlan?.code ?? null],
  ["planName", (row) => row.currentPlan?.name ?? null],
  ["subscriptionEndsAt", (row) => row.subscriptionEndsAt?.toISOString() ?? null],
  ["notes", (row) => row.notes],
  ["createdAt", (row) => row.createdAt.toISOString()],
];

/** Spreadsheets split a CSV at their language's list separator: a semicolon where the decimal separator is a comma. */
const SEPARATORS: Readonly<Record<ClubLanguage, "," | ";">> = { en: ",", es: ";" };

/** Starts as a spreadsheet formula would: = + - @, or a tab or carriage return that hides one (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number ("-12", "59.90", "59,90"): like a phone, it names no function and refers to no cell. */
const PLAIN_NUMBER = /^[+-]?\d+([.,]\d+)?$/;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, the separator or a line break, quotes doubled. A value a
 * spreadsheet would run as a formula gets a leading apostrophe, so "=HYPERLINK(…)" typed into a note stays text;
 * phone numbers ("+34 600 000 000") and plain numbers are written as typed, since they cannot call a function or
 * reach another cell, and an apostrophe would show in every program that reads them.
 */
export function csvField(value: string | null, separator: "," | ";" = ","): string {
  if (value === null) return "";
  const formula = FORMULA_START.test(value) && !isPhoneNumber(value) && !PLAIN_NUMBER.test(value);
  const inert = formula ? `'${value}` : value;
  return /["\r\n]/.test(inert) || inert.includes(separator) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** How the rows of one file are written: the header line, and the lines of a batch. */
function csvWriter(separator: "," | ";") {
  const line = (fields: Array<string | null>) =>
    `${fields.map((field) => csvField(field, separator)).join(separator)}\r\n`;
  return {
    header: line(COLUMNS.map(([header]) => header)),
    rows: (rows: ExportRow[]) => rows.map((row) => line(COLUMNS.map(([, value]) => value(row)))).join(""),
  };
}

/**
 * The members the filters select, as CSV (separated for the spreadsheets of `language`; commas without one), in the list's default order. A batch is read only when the client
 * has taken the previous one (keyset pagination, no transaction held open), so memory and connections stay
 * flat for any number of members; a member changed during a long export may show its old or new values. The
 * first batch is read before the response starts, so a database failure is still an error response rather
 * than a cut-off file.
 */
export async function memberCsvStream(
  db: Database,
  { language, ...filters }: MemberExportQuery,
): Promise<ReadableStream<Uint8Array>> {
  const csv = csvWriter(language ? SEPARATORS[language] : ",");
  const encoder = new TextEncoder();
  const first = await selectExportBatch(db, filters, null, EXPORT_BATCH_SIZE);
  let next: ExportCursor | null = first.next;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // The byte order mark makes spreadsheet programs read the file as UTF-8 (names with accents).
      controller.enqueue(encoder.encode(`\uFEFF${csv.header}${csv.rows(first.rows)}`));
      if (next === null) controller.close();
    },
    async pull(controller) {
      if (next === null) return;
      const batch = await selectExportBatch(db, filters, next, EXPORT_BATCH_SIZE);
      next = batch.next;
      if (batch.rows.length > 0) controller.enqueue(encoder.encode(csv.rows(batch.rows)));
      if (next === null) controller.close();
    },
  });
}
