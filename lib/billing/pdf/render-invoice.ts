import PDFDocument from "pdfkit";
import type { InvoiceDocument } from "../invoice-document";
import { type InvoiceFormat, invoiceFormat } from "./format";
import { toWinAnsi } from "./win-ansi";
import { fill, INVOICE_WORDS, type InvoiceWords } from "./words";

// A4 in points; everything is placed at explicit coordinates, so pages break where this file says, never mid-row.
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const LEFT = MARGIN;
const WIDTH = 595.28 - 2 * MARGIN;
const RIGHT = LEFT + WIDTH;
/** Rows stop here; below it are the page number and, on the last page, the record's fingerprint. */
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN - 40;

const FONT = { regular: "Helvetica", bold: "Helvetica-Bold", mono: "Courier" } as const;
const COLOUR = { text: "#18181b", muted: "#52525b", rule: "#d4d4d8", band: "#f4f4f5", accent: "#1d4ed8" } as const;
const SIZE = { body: 9, small: 7.5, fine: 6.5, heading: 13, title: 18, total: 11 } as const;
const ROW_PADDING = 5;

/** The lines table: x offset from LEFT and width of each column; the description takes what the numbers leave. */
const AMOUNT_COLUMNS = [
  { key: "base", width: 80 },
  { key: "rate", width: 50 },
  { key: "tax", width: 75 },
  { key: "total", width: 80 },
] as const;
const DESCRIPTION_WIDTH = WIDTH - AMOUNT_COLUMNS.reduce((sum, column) => sum + column.width, 0) - 10;

type Page = { doc: PDFKit.PDFDocument; words: InvoiceWords; format: InvoiceFormat; y: number };
type TextOptions = { font?: string; size?: number; colour?: string; align?: "left" | "right"; width?: number };

/** Writes `text` at (x, y) and answers its height; every string passes through toWinAnsi (./win-ansi.ts). */
function write(page: Page, text: string, x: number, y: number, options: TextOptions = {}): number {
  const { doc } = page;
  const width = options.width ?? RIGHT - x;
  const written = toWinAnsi(text);
  doc
    .font(options.font ?? FONT.regular)
    .fontSize(options.size ?? SIZE.body)
    .fillColor(options.colour ?? COLOUR.text);
  doc.text(written, x, y, { width, align: options.align ?? "left", lineGap: 1 });
  return doc.heightOfString(written, { width, lineGap: 1 });
}

/** Writes lines one under the other from y, answering the y below the last. */
function writeLines(page: Page, lines: string[], x: number, y: number, options: TextOptions = {}): number {
  let next = y;
  for (const line of lines) next += write(page, line, x, next, options);
  return next;
}

function rule(page: Page, y: number): void {
  page.doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(COLOUR.rule).stroke();
}

/** Starts a new page when `height` more points do not fit on this one. */
function ensureRoom(page: Page, height: number, onNewPage?: () => void): void {
  if (page.y + height <= CONTENT_BOTTOM) return;
  page.doc.addPage();
  page.y = MARGIN;
  onNewPage?.();
}

/** "F2026-000123" → "F": the series is the number's leading letters. */
const seriesOf = (number: string) => /^[A-Z]+/.exec(number)?.[0] ?? "";

function header(page: Page, document: InvoiceDocument): void {
  const { words, format } = page;
  const { issuer } = document;
  const issuerBottom = writeLines(
    page,
    [`${words.taxId}: ${issuer.taxId}`, ...format.address(issuer.address)],
    LEFT,
    MARGIN + write(page, issuer.legalName, LEFT, MARGIN, { font: FONT.bold, size: SIZE.heading, width: 260 }) + 4,
    { colour: COLOUR.muted, width: 260 },
  );

  const boxX = LEFT + 280;
  const boxWidth = WIDTH - 280;
  const title = document.kind === "rectifying" ? words.rectifyingTitle : words.invoiceTitle;
  let y =
    MARGIN + write(page, title, boxX, MARGIN, { font: FONT.bold, size: SIZE.title, align: "right", width: boxWidth });
  y += 6;
  const facts: [string, string][] = [
    [words.number, document.number],
    [words.series, seriesOf(document.number)],
    [words.issuedOn, format.date(document.issuedOn)],
    [words.dueOn, format.date(document.dueOn)],
  ];
  for (const [label, value] of facts) {
    write(page, label, boxX, y, { colour: COLOUR.muted, width: boxWidth / 2 });
    y += write(page, value, boxX + boxWidth / 2, y, { font: FONT.bold, align: "right", width: boxWidth / 2 });
  }
  page.y = Math.max(issuerBottom, y) + 18;
}

function customerBlock(page: Page, document: InvoiceDocument): void {
  const { words, format } = page;
  const { customer } = document;
  const lines = [
    ...(customer.taxId ? [`${words.taxId}: ${customer.taxId}`] : []),
    ...(customer.address ? format.address(customer.address) : []),
  ];
  let y = page.y + write(page, words.customer.toUpperCase(), LEFT, page.y, { size: SIZE.small, colour: COLOUR.muted });
  y += 2;
  y += write(page, customer.name, LEFT, y, { font: FONT.bold, width: 300 });
  page.y = writeLines(page, lines, LEFT, y, { width: 300 }) + 14;
}

/** Art. 15 RD 1619/2012: a rectifying invoice says so, names the invoice it corrects and why. */
function rectificationBlock(page: Page, document: InvoiceDocument): void {
  const { rectifies } = document;
  if (!rectifies) return;
  const { words, format } = page;
  const lines = [
    fill(words.rectifies, { number: rectifies.number, date: format.date(rectifies.issuedOn) }),
    fill(words.reason, { reason: rectifies.reason }),
  ];
  const innerWidth = WIDTH - 20;
  const height = lines.reduce((sum, line) => sum + page.doc.heightOfString(toWinAnsi(line), { width: innerWidth }), 0);
  page.doc.rect(LEFT, page.y, WIDTH, height + 16).fill(COLOUR.band);
  writeLines(page, lines, LEFT + 10, page.y + 8, { width: innerWidth });
  page.y += height + 16 + 14;
}

function tableHeader(page: Page): void {
  const { words } = page;
  page.doc.rect(LEFT, page.y, WIDTH, 18).fill(COLOUR.band);
  const y = page.y + 5;
  write(page, words.description, LEFT + 5, y, { font: FONT.bold, size: SIZE.small, width: DESCRIPTION_WIDTH });
  let x = LEFT + 5 + DESCRIPTION_WIDTH;
  for (const column of AMOUNT_COLUMNS) {
    write(page, words[column.key], x, y, { font: FONT.bold, size: SIZE.small, align: "right", width: column.width });
    x += column.width;
  }
  page.y += 18 + ROW_PADDING;
}

function lineRow(page: Page, line: InvoiceDocument["lines"][number]): void {
  const { doc, words, format } = page;
  const period = fill(words.servicePeriod, { from: format.date(line.serviceFrom), to: format.date(line.serviceTo) });
  const notes = [period, ...(line.exemptReason ? [line.exemptReason] : [])];
  doc.font(FONT.bold).fontSize(SIZE.body);
  const descriptionHeight = doc.heightOfString(toWinAnsi(line.description), { width: DESCRIPTION_WIDTH, lineGap: 1 });
  doc.font(FONT.regular).fontSize(SIZE.small);
  const notesHeight = notes.reduce(
    (sum, note) => sum + doc.heightOfString(toWinAnsi(note), { width: DESCRIPTION_WIDTH, lineGap: 1 }),
    0,
  );
  ensureRoom(page, descriptionHeight + notesHeight + 2 * ROW_PADDING, () => tableHeader(page));

  const top = page.y;
  const below = top + write(page, line.description, LEFT + 5, top, { font: FONT.bold, width: DESCRIPTION_WIDTH });
  writeLines(page, notes, LEFT + 5, below, { size: SIZE.small, colour: COLOUR.muted, width: DESCRIPTION_WIDTH });
  const cells = {
    base: format.money(line.baseCents),
    rate: line.exemptReason ? words.exempt : format.rate(line.taxRateBasisPoints),
    tax: format.money(line.taxCents),
    total: format.money(line.totalCents),
  };
  let x = LEFT + 5 + DESCRIPTION_WIDTH;
  for (const column of AMOUNT_COLUMNS) {
    write(page, cells[column.key], x, top, { align: "right", width: column.width });
    x += column.width;
  }
  page.y = top + descriptionHeight + notesHeight + ROW_PADDING;
  rule(page, page.y);
  page.y += ROW_PADDING;
}

/** Art. 6.1 g–h RD 1619/2012: the rate and the tax of each rate, apart; art. 6.1 j: the ground of an exemption. */
function taxBreakdown(page: Page, document: InvoiceDocument): void {
  const { words, format } = page;
  const x = LEFT + WIDTH / 2;
  const column = WIDTH / 6;
  ensureRoom(page, 40 + 16 * document.taxBreakdown.length);
  page.y += 10;
  write(page, words.breakdown.toUpperCase(), x, page.y, { size: SIZE.small, colour: COLOUR.muted });
  page.y += 14;
  for (const [index, label] of [words.rate, words.base, words.tax].entries()) {
    write(page, label, x + index * column, page.y, {
      font: FONT.bold,
      size: SIZE.small,
      align: "right",
      width: column,
    });
  }
  page.y += 12;
  for (const row of document.taxBreakdown) {
    const cells = [
      row.exemptReason ? words.exempt : format.rate(row.taxRateBasisPoints),
      format.money(row.baseCents),
      format.money(row.taxCents),
    ];
    for (const [index, cell] of cells.entries()) {
      write(page, cell, x + index * column, page.y, { align: "right", width: column });
    }
    page.y += 14;
  }
  const reasons = [...new Set(document.taxBreakdown.flatMap((row) => (row.exemptReason ? [row.exemptReason] : [])))];
  for (const reason of reasons) {
    const text = fill(words.exemption, { reason });
    ensureRoom(page, page.doc.heightOfString(toWinAnsi(text), { width: WIDTH }) + 4);
    page.y += write(page, text, LEFT, page.y + 4, { size: SIZE.small, colour: COLOUR.muted }) + 4;
  }
}

function totals(page: Page, document: InvoiceDocument): void {
  const { words, format } = page;
  const x = LEFT + WIDTH / 2;
  const half = WIDTH / 4;
  ensureRoom(page, 70);
  page.y += 10;
  rule(page, page.y);
  page.y += 8;
  for (const [label, cents] of [
    [words.baseTotal, document.baseCents],
    [words.taxTotal, document.taxCents],
  ] as const) {
    write(page, label, x, page.y, { colour: COLOUR.muted, width: half });
    page.y += write(page, format.money(cents), x + half, page.y, { align: "right", width: half }) + 3;
  }
  page.y += 4;
  write(page, words.grandTotal, x, page.y, { font: FONT.bold, size: SIZE.total, width: half });
  page.y += write(page, format.money(document.totalCents), x + half, page.y, {
    font: FONT.bold,
    size: SIZE.total,
    colour: COLOUR.accent,
    align: "right",
    width: half,
  });
}

/** The number and page on every page, and the record's fingerprint in small print on the last one. */
function footers(page: Page, document: InvoiceDocument): void {
  const { doc, words } = page;
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const y = PAGE_HEIGHT - MARGIN - 20;
    // The number on every page, so a loose page still says which invoice it belongs to.
    const label = `${document.number} · ${fill(words.page, { page: String(index - start + 1), pages: String(count) })}`;
    write(page, label, LEFT, y + 10, { size: SIZE.fine, colour: COLOUR.muted, align: "right" });
    if (index === start + count - 1) {
      const hash = fill(words.recordHash, { hash: document.recordHash });
      write(page, hash, LEFT, y + 10, { font: FONT.mono, size: SIZE.fine, colour: COLOUR.muted, width: WIDTH - 70 });
    }
  }
}

/**
 * The invoice as a PDF on A4, in the document's language, with everything art. 6 of the Spanish invoicing
 * regulation (RD 1619/2012) asks an invoice to show, and art. 15 a rectifying one (docs/billing-documents.md).
 */
export async function renderInvoicePdf(document: InvoiceDocument): Promise<Uint8Array> {
  const words = INVOICE_WORDS[document.language];
  const doc = new PDFDocument({
    size: "A4",
    // The bottom margin is small so that footers may be written under CONTENT_BOTTOM without pdfkit adding a page.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 10 },
    bufferPages: true,
    lang: document.language === "es" ? "es-ES" : "en-GB",
    info: {
      Title: toWinAnsi(
        `${document.kind === "rectifying" ? words.rectifyingTitle : words.invoiceTitle} ${document.number}`,
      ),
      Author: toWinAnsi(document.issuer.legalName),
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  const page: Page = { doc, words, format: invoiceFormat(document), y: MARGIN };
  header(page, document);
  customerBlock(page, document);
  rectificationBlock(page, document);
  tableHeader(page);
  for (const line of document.lines) lineRow(page, line);
  taxBreakdown(page, document);
  totals(page, document);
  footers(page, document);
  doc.end();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}
