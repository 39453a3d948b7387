// renderInvoicePdf on one core: invoices rendered per second (a two-line invoice, and one of 20 lines over two pages).
// The billing job renders every issued invoice once; a club's month of thousands must take seconds, not minutes.

import type { InvoiceDocument } from "@/lib/billing/invoice-document";
import { renderInvoicePdf } from "@/lib/billing/pdf/render-invoice";
import { invoiceDocument, invoiceLine } from "@/tests/support/invoice-document";
import { writeResults } from "./results-file";

const RENDERS = Number(process.env.BENCH_INVOICE_PDFS ?? 2_000);

async function rendersPerSecond(document: InvoiceDocument): Promise<{ perSecond: number; bytes: number }> {
  for (let warm = 0; warm < 50; warm += 1) await renderInvoicePdf(document);
  let bytes = 0;
  const started = performance.now();
  for (let index = 0; index < RENDERS; index += 1) bytes = (await renderInvoicePdf(document)).byteLength;
  return { perSecond: Math.round(RENDERS / ((performance.now() - started) / 1000)), bytes };
}

const short = await rendersPerSecond(invoiceDocument());
const long = await rendersPerSecond(
  invoiceDocument({
    lines: Array.from({ length: 20 }, (_, index) => invoiceLine(`Línea ${index + 1}: clases de pádel`, 4_990, 2100)),
  }),
);

writeResults(
  "invoice-pdf",
  [
    {
      name: "invoice PDFs rendered per second, 2 lines",
      unit: "PDF/s",
      measured: short.perSecond,
      target: { op: ">=", value: 100 },
    },
    { name: "invoice PDFs rendered per second, 20 lines (2 pages)", unit: "PDF/s", measured: long.perSecond },
  ],
  { renders: RENDERS, bytesShort: short.bytes, bytesLong: long.bytes },
);
