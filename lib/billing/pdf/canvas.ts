import PDFDocument from "pdfkit";
import { toWinAnsi } from "./win-ansi";

/*
 * What ClubOps's PDFs (invoices, receipts) are drawn with: A4 in points, the fonts, colours and sizes, and writing at
 * explicit coordinates, so pages break where the renderer says, never mid-row.
 */
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 50;
/** The left edge of what is written (renderers name it `LEFT` too). */
const LEFT = MARGIN;
export const WIDTH = 595.28 - 2 * MARGIN;
export const RIGHT = LEFT + WIDTH;
/** Rows stop here; below it are the page number and, on an invoice's last page, the record's fingerprint. */
export const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN - 40;

export const FONT = { regular: "Helvetica", bold: "Helvetica-Bold", mono: "Courier" } as const;
export const COLOUR = {
  text: "#18181b",
  muted: "#52525b",
  rule: "#d4d4d8",
  band: "#f4f4f5",
  accent: "#1d4ed8",
} as const;
export const SIZE = { body: 9, small: 7.5, fine: 6.5, heading: 13, title: 18, total: 11 } as const;

/** The document being drawn and where the next thing goes. */
export type Page = { doc: PDFKit.PDFDocument; y: number };
export type TextOptions = { font?: string; size?: number; colour?: string; align?: "left" | "right"; width?: number };

/** Writes `text` at (x, y) and answers its height; every string passes through toWinAnsi (./win-ansi.ts). */
export function write(page: Page, text: string, x: number, y: number, options: TextOptions = {}): number {
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
export function writeLines(page: Page, lines: string[], x: number, y: number, options: TextOptions = {}): number {
  let next = y;
  for (const line of lines) next += write(page, line, x, next, options);
  return next;
}

export function rule(page: Page, y: number): void {
  page.doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(COLOUR.rule).stroke();
}

/** An A4 document in `language`, and the promise of its bytes once `doc.end()` is called. */
export function a4Document(meta: { language: "en" | "es"; title: string; author: string }) {
  const doc = new PDFDocument({
    size: "A4",
    // The bottom margin is small so that footers may be written under CONTENT_BOTTOM without pdfkit adding a page.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 10 },
    bufferPages: true,
    lang: meta.language === "es" ? "es-ES" : "en-GB",
    info: { Title: toWinAnsi(meta.title), Author: toWinAnsi(meta.author) },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  return { doc, bytes };
}
