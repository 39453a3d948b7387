import QRCode from "qrcode";
import type { InvoiceDocument } from "../invoice-document";
import {
  a4Document,
  COLOUR,
  CONTENT_BOTTOM,
  FONT,
  MARGIN,
  PAGE_HEIGHT,
  type Page,
  rule,
  SIZE,
  WIDTH,
  write,
  writeLines,
} from "./canvas";
import { type InvoiceFormat, invoiceFormat } from "./format";
import { toWinAnsi } from "./win-ansi";
import { fill, INVOICE_WORDS, type InvoiceWords } from "./words";

const LEFT = MARGIN;

const ROW_PADDING = 5;

/** The lines table's amount columns and their widths; the description takes what they leave. */
const AMOUNT_COLUMNS = [
  { key: "base", width: 80 },
  { key: "rate", width: 50 },
  { key: "tax", width: 75 },
  { key: "total", width: 80 },
] as const;
const DESCRIPTION_WIDTH = WIDTH - AMOUNT_COLUMNS.reduce((sum, column) => sum + column.width, 0) - 10;

/** The invoice being drawn: its page, words and formats. */
type Canvas = Page & { words: InvoiceWords; format: InvoiceFormat };

/** Starts a new page when `height` more points do not fit on this one. */
function ensureRoom(canvas: Canvas, height: number, onNewPage?: () => void): void {
  if (canvas.y + height <= CONTENT_BOTTOM) return;
  canvas.doc.addPage();
  canvas.y = MARGIN;
  onNewPage?.();
}

/** "F2026-000123" → "F": the series is the number's leading letters. */
const seriesOf = (number: string) => /^[A-Z]+/.exec(number)?.[0] ?? "";

/** What the document is: a rectifying invoice (art. 15 RD 1619/2012), a simplified one (art. 7), or a full one. */
function titleOf(document: InvoiceDocument, words: InvoiceWords): string {
  if (document.kind === "rectifying") return words.rectifyingTitle;
  return document.simplified ? words.simplifiedTitle : words.invoiceTitle;
}

/** 35 mm: the AEAT sets the tax QR code between 30 × 30 and 40 × 40 mm. */
const QR_SIZE = (35 * 72) / 25.4;

/**
 * The tax QR code at the top left of page 1, before everything else, with "QR tributario:" above it (the AEAT's QR
 * specification: ISO/IEC 18004, error correction M, 30–40 mm, at the start of the invoice, preceded by that text).
 * Each dark run of a row is one filled rectangle. Answers the y below it.
 */
function taxQr(canvas: Canvas, url: string, verifactu: boolean): number {
  const { doc, words } = canvas;
  const top = MARGIN + write(canvas, words.taxQr, LEFT, MARGIN, { font: FONT.bold, width: 200 }) + 4;
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  const module = QR_SIZE / modules.size;
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      let end = column;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end += 1;
      doc.rect(LEFT + column * module, top + row * module, (end - column + 1) * module, module);
      column = end;
    }
  }
  doc.fillColor("#000000").fill();
  if (!verifactu) return top + QR_SIZE + 12;
  // A VERI*FACTU system's invoices say so by the QR code (Orden HAC/1177/2024 arts. 20 and 21), in letters no smaller than
  // the invoice's other data.
  const legendTop = top + QR_SIZE + 4;
  return legendTop + write(canvas, "VERI*FACTU", LEFT, legendTop, { font: FONT.bold, width: QR_SIZE }) + 12;
}

function header(canvas: Canvas, document: InvoiceDocument): void {
  const { words, format } = canvas;
  const { issuer } = document;
  const issuerTop = document.qrUrl ? taxQr(canvas, document.qrUrl, document.verifactu) : MARGIN;
  const issuerBottom = writeLines(
    canvas,
    [`${words.taxId}: ${issuer.taxId}`, ...format.address(issuer.address)],
    LEFT,
    issuerTop +
      write(canvas, issuer.legalName, LEFT, issuerTop, { font: FONT.bold, size: SIZE.heading, width: 260 }) +
      4,
    { colour: COLOUR.muted, width: 260 },
  );

  const boxX = LEFT + 280;
  const boxWidth = WIDTH - 280;
  const title = titleOf(document, words);
  let y =
    MARGIN + write(canvas, title, boxX, MARGIN, { font: FONT.bold, size: SIZE.title, align: "right", width: boxWidth });
  y += 6;
  const facts: [string, string][] = [
    [words.number, document.number],
    [words.series, seriesOf(document.number)],
    [words.issuedOn, format.date(document.issuedOn)],
    [words.dueOn, format.date(document.dueOn)],
  ];
  for (const [label, value] of facts) {
    write(canvas, label, boxX, y, { colour: COLOUR.muted, width: boxWidth / 2 });
    y += write(canvas, value, boxX + boxWidth / 2, y, { font: FONT.bold, align: "right", width: boxWidth / 2 });
  }
  canvas.y = Math.max(issuerBottom, y) + 18;
}

function customerBlock(canvas: Canvas, document: InvoiceDocument): void {
  const { words, format } = canvas;
  const { customer } = document;
  const lines = [
    ...(customer.taxId ? [`${words.taxId}: ${customer.taxId}`] : []),
    ...(customer.address ? format.address(customer.address) : []),
  ];
  let y =
    canvas.y + write(canvas, words.customer.toUpperCase(), LEFT, canvas.y, { size: SIZE.small, colour: COLOUR.muted });
  y += 2;
  y += write(canvas, customer.name, LEFT, y, { font: FONT.bold, width: 300 });
  canvas.y = writeLines(canvas, lines, LEFT, y, { width: 300 }) + 14;
}

/**
 * What the invoice stands in for, on a band: a rectifying invoice names the invoice it corrects and why (art. 15
 * RD 1619/2012), a substitution the simplified invoice it replaces (art. 7.2).
 */
function referenceBlock(canvas: Canvas, document: InvoiceDocument): void {
  const { rectifies, substitutes } = document;
  const { words, format } = canvas;
  const lines = rectifies
    ? [
        fill(words.rectifies, { number: rectifies.number, date: format.date(rectifies.issuedOn) }),
        fill(words.reason, { reason: rectifies.reason }),
      ]
    : substitutes
      ? [fill(words.substitutes, { number: substitutes.number, date: format.date(substitutes.issuedOn) })]
      : [];
  if (lines.length === 0) return;
  const innerWidth = WIDTH - 20;
  const height = lines.reduce(
    (sum, line) => sum + canvas.doc.heightOfString(toWinAnsi(line), { width: innerWidth }),
    0,
  );
  canvas.doc.rect(LEFT, canvas.y, WIDTH, height + 16).fill(COLOUR.band);
  writeLines(canvas, lines, LEFT + 10, canvas.y + 8, { width: innerWidth });
  canvas.y += height + 16 + 14;
}

function tableHeader(canvas: Canvas): void {
  const { words } = canvas;
  canvas.doc.rect(LEFT, canvas.y, WIDTH, 18).fill(COLOUR.band);
  const y = canvas.y + 5;
  write(canvas, words.description, LEFT + 5, y, { font: FONT.bold, size: SIZE.small, width: DESCRIPTION_WIDTH });
  let x = LEFT + 5 + DESCRIPTION_WIDTH;
  for (const column of AMOUNT_COLUMNS) {
    write(canvas, words[column.key], x, y, { font: FONT.bold, size: SIZE.small, align: "right", width: column.width });
    x += column.width;
  }
  canvas.y += 18 + ROW_PADDING;
}

function lineRow(canvas: Canvas, line: InvoiceDocument["lines"][number]): void {
  const { doc, words, format } = canvas;
  const period = fill(words.servicePeriod, { from: format.date(line.serviceFrom), to: format.date(line.serviceTo) });
  const notes = [
    period,
    ...(line.exemptReason ? [line.exemptReason] : []),
    ...(line.notSubjectReason ? [line.notSubjectReason] : []),
  ];
  doc.font(FONT.bold).fontSize(SIZE.body);
  const descriptionHeight = doc.heightOfString(toWinAnsi(line.description), { width: DESCRIPTION_WIDTH, lineGap: 1 });
  doc.font(FONT.regular).fontSize(SIZE.small);
  const notesHeight = notes.reduce(
    (sum, note) => sum + doc.heightOfString(toWinAnsi(note), { width: DESCRIPTION_WIDTH, lineGap: 1 }),
    0,
  );
  ensureRoom(canvas, descriptionHeight + notesHeight + 2 * ROW_PADDING, () => tableHeader(canvas));

  const top = canvas.y;
  const below = top + write(canvas, line.description, LEFT + 5, top, { font: FONT.bold, width: DESCRIPTION_WIDTH });
  writeLines(canvas, notes, LEFT + 5, below, { size: SIZE.small, colour: COLOUR.muted, width: DESCRIPTION_WIDTH });
  const cells = {
    base: format.money(line.baseCents),
    rate: rateCell(canvas, line),
    tax: format.money(line.taxCents),
    total: format.money(line.totalCents),
  };
  let x = LEFT + 5 + DESCRIPTION_WIDTH;
  for (const column of AMOUNT_COLUMNS) {
    write(canvas, cells[column.key], x, top, { align: "right", width: column.width });
    x += column.width;
  }
  canvas.y = top + descriptionHeight + notesHeight + ROW_PADDING;
  rule(canvas, canvas.y);
  canvas.y += ROW_PADDING;
}

/** The rate column: the rate, "Exempt", or "Not subject" (outside IVA: no rate at all, not 0 %). */
function rateCell(
  { words, format }: Canvas,
  row: { taxRateBasisPoints: number; exemptReason: string | null; notSubjectReason: string | null },
): string {
  if (row.notSubjectReason) return words.notSubject;
  return row.exemptReason ? words.exempt : format.rate(row.taxRateBasisPoints);
}

/** Art. 6.1 g–h RD 1619/2012: the rate and the tax of each rate, apart; art. 6.1 j: the ground of an exemption. */
function taxBreakdown(canvas: Canvas, document: InvoiceDocument): void {
  const { words, format } = canvas;
  const x = LEFT + WIDTH / 2;
  const column = WIDTH / 6;
  ensureRoom(canvas, 40 + 16 * document.taxBreakdown.length);
  canvas.y += 10;
  write(canvas, words.breakdown.toUpperCase(), x, canvas.y, { size: SIZE.small, colour: COLOUR.muted });
  canvas.y += 14;
  for (const [index, label] of [words.rate, words.base, words.tax].entries()) {
    write(canvas, label, x + index * column, canvas.y, {
      font: FONT.bold,
      size: SIZE.small,
      align: "right",
      width: column,
    });
  }
  canvas.y += 12;
  for (const row of document.taxBreakdown) {
    const cells = [rateCell(canvas, row), format.money(row.baseCents), format.money(row.taxCents)];
    for (const [index, cell] of cells.entries()) {
      write(canvas, cell, x + index * column, canvas.y, { align: "right", width: column });
    }
    canvas.y += 14;
  }
  const reasons = [...new Set(document.taxBreakdown.flatMap((row) => (row.exemptReason ? [row.exemptReason] : [])))];
  for (const reason of reasons) {
    const text = fill(words.exemption, { reason });
    ensureRoom(canvas, canvas.doc.heightOfString(toWinAnsi(text), { width: WIDTH }) + 4);
    canvas.y += write(canvas, text, LEFT, canvas.y + 4, { size: SIZE.small, colour: COLOUR.muted }) + 4;
  }
  const outside = [
    ...new Set(document.taxBreakdown.flatMap((row) => (row.notSubjectReason ? [row.notSubjectReason] : []))),
  ];
  for (const reason of outside) {
    const text = fill(words.notSubjectNote, { reason });
    ensureRoom(canvas, canvas.doc.heightOfString(toWinAnsi(text), { width: WIDTH }) + 4);
    canvas.y += write(canvas, text, LEFT, canvas.y + 4, { size: SIZE.small, colour: COLOUR.muted }) + 4;
  }
}

function totals(canvas: Canvas, document: InvoiceDocument): void {
  const { words, format } = canvas;
  const x = LEFT + WIDTH / 2;
  const half = WIDTH / 4;
  ensureRoom(canvas, 70);
  canvas.y += 10;
  rule(canvas, canvas.y);
  canvas.y += 8;
  for (const [label, cents] of [
    [words.baseTotal, document.baseCents],
    [words.taxTotal, document.taxCents],
  ] as const) {
    write(canvas, label, x, canvas.y, { colour: COLOUR.muted, width: half });
    canvas.y += write(canvas, format.money(cents), x + half, canvas.y, { align: "right", width: half }) + 3;
  }
  canvas.y += 4;
  write(canvas, words.grandTotal, x, canvas.y, { font: FONT.bold, size: SIZE.total, width: half });
  canvas.y += write(canvas, format.money(document.totalCents), x + half, canvas.y, {
    font: FONT.bold,
    size: SIZE.total,
    colour: COLOUR.accent,
    align: "right",
    width: half,
  });
}

/** The number and page on every page, and the record's fingerprint in small print on the last one. */
function footers(canvas: Canvas, document: InvoiceDocument): void {
  const { doc, words } = canvas;
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const y = PAGE_HEIGHT - MARGIN - 20;
    // The number on every page, so a loose page still says which invoice it belongs to.
    const label = `${document.number} · ${fill(words.page, { page: String(index - start + 1), pages: String(count) })}`;
    write(canvas, label, LEFT, y + 10, { size: SIZE.fine, colour: COLOUR.muted, align: "right" });
    if (index === start + count - 1) {
      const hash = fill(words.recordHash, { hash: document.recordHash });
      write(canvas, hash, LEFT, y + 10, { font: FONT.mono, size: SIZE.fine, colour: COLOUR.muted, width: WIDTH - 70 });
    }
  }
}

/**
 * The invoice as a PDF on A4, in the document's language, with everything art. 6 of the Spanish invoicing
 * regulation (RD 1619/2012) asks an invoice to show, and art. 15 a rectifying one (docs/billing.md, "The invoice's PDF and its email").
 */
export async function renderInvoicePdf(document: InvoiceDocument): Promise<Uint8Array> {
  const words = INVOICE_WORDS[document.language];
  const { doc, bytes } = a4Document({
    language: document.language,
    title: `${titleOf(document, words)} ${document.number}`,
    author: document.issuer.legalName,
  });
  const canvas: Canvas = { doc, words, format: invoiceFormat(document), y: MARGIN };
  header(canvas, document);
  customerBlock(canvas, document);
  referenceBlock(canvas, document);
  tableHeader(canvas);
  for (const line of document.lines) lineRow(canvas, line);
  taxBreakdown(canvas, document);
  totals(canvas, document);
  footers(canvas, document);
  doc.end();
  return bytes;
}
