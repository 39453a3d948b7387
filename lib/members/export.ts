import type { Database } from "@/lib/platform/db";
import { type ExportCursor, type ExportRow, selectExportBatch } from "./repository";
import type { MemberFilters } from "./schemas";

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

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled. A value a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return that hides one) gets a
 * leading apostrophe, so "=HYPERLINK(…)" typed into a note stays text (OWASP "CSV injection").
 */
export function csvField(value: string | null): string {
  if (value === null) return "";
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

const csvLine = (fields: Array<string | null>) => `${fields.map(csvField).join(",")}\r\n`;

const CSV_HEADER = csvLine(COLUMNS.map(([header]) => header));

const csvRows = (rows: ExportRow[]) => rows.map((row) => csvLine(COLUMNS.map(([, value]) => value(row)))).join("");

/**
 * The members the filters select, as CSV, in the list's default order. A batch is read only when the client
 * has taken the previous one (keyset pagination, no transaction held open), so memory and connections stay
 * flat for any number of members; a member changed during a long export may show its old or new values. The
 * first batch is read before the response starts, so a database failure is still an error response rather
 * than a cut-off file.
 */
export async function memberCsvStream(db: Database, filters: MemberFilters): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await selectExportBatch(db, filters, null, EXPORT_BATCH_SIZE);
  let next: ExportCursor | null = first.next;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // The byte order mark makes spreadsheet programs read the file as UTF-8 (names with accents).
      controller.enqueue(encoder.encode(`\uFEFF${CSV_HEADER}${csvRows(first.rows)}`));
      if (next === null) controller.close();
    },
    async pull(controller) {
      if (next === null) return;
      const batch = await selectExportBatch(db, filters, next, EXPORT_BATCH_SIZE);
      next = batch.next;
      if (batch.rows.length > 0) controller.enqueue(encoder.encode(csvRows(batch.rows)));
      if (next === null) controller.close();
    },
  });
}
