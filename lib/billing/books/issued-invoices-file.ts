import writeXlsxFile, { type Cell, type Row } from "write-excel-file/node";
import type { IssuedInvoiceRow } from "./issued-invoices";
import type { BookFileFormat, BookPeriod } from "./schemas";

/*
 * The libro registro de facturas expedidas as a file in the AEAT's format for libros registro de IVA (Orden
 * HAC/773/2019, art. 12 and its annex; the AEAT's "Formato de libros registro de IVA e IRPF"): its 36 columns in its
 * order under its two header rows (groups, then fields), dates dd/mm/yyyy, amounts with two decimals after a comma and
 * no thousands separator. Two columns of ClubOps' follow the AEAT's: the invoice a rectifying one corrects and the
 * exemption's ground in words (docs/billing.md, The accountant's books).
 */

type BookCell = { text: string } | { money: string } | { date: string } | null;

const text = (value: string | null): BookCell => (value === null ? null : { text: value });
const money = (value: string | null): BookCell => (value === null ? null : { money: value });

/** What the AEAT asks in "Nombre Destinatario" of a simplified invoice whose customer is not identified. */
const FINAL_CONSUMER = "VENTAS A CONSUMIDOR FINAL";

/** S1 taxed, N1 not subject ("no sujeta art. 7, 14, otros"), none on an exempt row (its column is Operación Exenta). */
const calificacion = (row: IssuedInvoiceRow) =>
  row.notSubjectReason !== null ? "N1" : row.exemptReason === null ? "S1" : null;

const baseOf = (row: IssuedInvoiceRow) =>
  row.notSubjectReason !== null ? row.notSubjectAmount : row.exemptReason === null ? row.base : row.exemptBase;

/** [group header, field header, value]; a group spans the columns after it that leave their group empty. */
const COLUMNS: ReadonlyArray<[group: string, field: string, value: (row: IssuedInvoiceRow) => BookCell]> = [
  ["Autoliquidación", "Ejercicio", (row) => text(row.issuedOn.slice(0, 4))],
  ["", "Periodo", (row) => text(row.period)],
  ["Actividad", "Código", () => null],
  ["", "Tipo", () => null],
  ["", "Grupo o Epígrafe del IAE", () => null],
  ["Tipo de Factura", "", (row) => text(row.type)],
  ["Concepto de Ingreso", "", () => null],
  ["Ingreso Computable", "", () => null],
  ["Fecha Expedición", "", (row) => ({ date: row.issuedOn })],
  ["Fecha Operación", "", () => null],
  ["Identificación de la Factura", "Serie", (row) => text(row.number.split("-")[0] ?? row.number)],
  ["", "Número", (row) => text(row.number.split("-")[1] ?? "")],
  ["", "Número-Final", () => null],
  ["NIF Destinatario", "Tipo", () => null],
  ["", "Código País", () => null],
  ["", "Identificación", (row) => text(row.customerTaxId)],
  ["Nombre Destinatario", "", (row) => text(row.customerTaxId ? row.customerName : FINAL_CONSUMER)],
  ["Clave de Operación", "", () => text("01")],
  // N1: a not-subject row (a return fee, an indemnity), its amount in the base column as the importe no sujeto.
  ["Calificación de la Operación", "", (row) => text(calificacion(row))],
  ["Operación Exenta", "", (row) => text(row.exemptReason === null ? null : "E1")],
  ["Total Factura", "", (row) => money(row.total)],
  ["Base Imponible", "", (row) => money(baseOf(row))],
  ["Tipo de IVA", "", (row) => money(row.taxRate)],
  ["Cuota IVA Repercutida", "", (row) => money(calificacion(row) === "S1" ? row.tax : null)],
  ["Tipo de Recargo eq.", "", () => null],
  ["Cuota Recargo eq.", "", () => null],
  ["Cobro (Operación Criterio de Caja de IVA y/o artículo 7.2.1º de Reglamento del IRPF)", "Fecha", () => null],
  ["", "Importe", () => null],
  ["", "Medio Utilizado", () => null],
  ["", "Identificación Medio Utilizado", () => null],
  ["Tipo Retención del IRPF", "", () => null],
  ["Importe Retenido del IRPF", "", () => null],
  ["Registro Acuerdo Facturación", "", () => null],
  ["Inmueble", "Situación", () => null],
  ["", "Referencia Catastral", () => null],
  ["Referencia Externa", "", () => null],
  ["Factura Rectificada", "", (row) => text(row.rectifiesNumber)],
  ["Causa de Exención", "", (row) => text(row.exemptReason)],
];

/** The file's name: the month when the period is one whole month, else both days. */
export function bookFileName(book: BookPeriod, format: BookFileFormat): string {
  const month = book.from.slice(0, 7);
  const lastOfMonth = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const wholeMonth = book.from.endsWith("-01") && book.to === `${month}-${lastOfMonth}`;
  const period = wholeMonth ? month : `${book.from}_${book.to}`;
  return `libro-registro-expedidas-${period}.${format}`;
}

export const BOOK_CONTENT_TYPES: Readonly<Record<BookFileFormat, string>> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The rows of a period (issuedInvoiceRows, all of them) as the file's bytes. */
export async function issuedInvoicesFile(
  rows: readonly IssuedInvoiceRow[],
  format: BookFileFormat,
): Promise<Uint8Array<ArrayBuffer>> {
  const cells = rows.map((row) => COLUMNS.map(([, , value]) => value(row)));
  if (format === "csv") return new TextEncoder().encode(csvOf(cells));
  return new Uint8Array(await xlsxOf(cells).toBuffer());
}

/** "-12.50" → "-12,50": the AEAT's decimal comma, which is also what Spanish spreadsheets read as a number. */
const decimalComma = (amount: string) => amount.replace(".", ",");
/** "2027-01-31" → "31/01/2027". */
const spanishDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
/** A text that a spreadsheet would run as a formula gets a leading apostrophe (OWASP "CSV injection"). */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const quoted = (value: string) => (/[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function csvCell(cell: BookCell): string {
  if (cell === null) return "";
  if ("money" in cell) return decimalComma(cell.money);
  if ("date" in cell) return spanishDate(cell.date);
  return quoted(inert(cell.text));
}

/** UTF-8 with a byte order mark (so Excel reads accents), `;` between fields, CRLF lines (RFC 4180). */
function csvOf(rows: BookCell[][]): string {
  const line = (fields: string[]) => `${fields.join(";")}\r\n`;
  const headers = [0, 1].map((index) => line(COLUMNS.map((column) => quoted(column[index] as string))));
  return `\uFEFF${headers.join("")}${rows.map((row) => line(row.map(csvCell))).join("")}`;
}

const header = (value: string): Cell => ({ value, fontWeight: "bold", wrap: true });

function xlsxCell(cell: BookCell): Cell {
  if (cell === null) return null;
  // The double nearest the decimal string: what Excel stores when the amount is typed in.
  if ("money" in cell) return { value: Number(cell.money), type: Number, format: "0.00" };
  if ("date" in cell) return { value: new Date(`${cell.date}T00:00:00Z`), type: Date, format: "dd/mm/yyyy" };
  return { value: cell.text, type: String };
}

function xlsxOf(rows: BookCell[][]) {
  const sheet: Row[] = [
    COLUMNS.map(([group]) => header(group)),
    COLUMNS.map(([, field]) => header(field)),
    ...rows.map((row) => row.map(xlsxCell)),
  ];
  return writeXlsxFile(sheet, {
    sheet: "EXPEDIDAS",
    stickyRowsCount: 2,
    columns: COLUMNS.map(([group, field]) => ({ width: Math.min(Math.max(group.length, field.length, 10), 28) })),
  });
}
