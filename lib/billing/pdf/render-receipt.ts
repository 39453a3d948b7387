import type { PostalAddress } from "../invoice-document";
import { a4Document, COLOUR, FONT, MARGIN, type Page, RIGHT, rule, SIZE, WIDTH, write, writeLines } from "./canvas";
import { invoiceFormat } from "./format";

const LEFT = MARGIN;

/** A payment or refund as its receipt shows it: amounts in integer cents, texts in the invoice's language. */
export type ReceiptDocument = {
  kind: "payment" | "refund";
  language: "en" | "es";
  currency: string;
  issuer: { legalName: string; taxId: string; address: PostalAddress };
  customer: { name: string; taxId: string | null };
  invoiceNumber: string;
  invoiceTotalCents: number;
  amountCents: number;
  method: "cash" | "card" | "bank_transfer" | "direct_debit" | "credit";
  /** Club calendar date the money moved. */
  paidOn: string;
  reference: string | null;
  /** What the invoice still owes now. */
  stillOwedCents: number;
};

const WORDS = {
  en: {
    payment: "Payment receipt",
    refund: "Refund receipt",
    taxId: "Tax ID (NIF)",
    from: { payment: "Received from", refund: "Paid back to" },
    invoice: "Invoice",
    invoiceTotal: "Invoice total",
    amount: { payment: "Amount received", refund: "Amount paid back" },
    method: "Method",
    paidOn: "Date",
    reference: "Reference",
    stillOwed: "Still owed on the invoice",
    methods: {
      cash: "Cash",
      card: "Card",
      bank_transfer: "Bank transfer",
      direct_debit: "Direct debit",
      credit: "Member credit",
    },
    note: "This receipt acknowledges the money received; the invoice is the tax document.",
  },
  es: {
    payment: "Recibo de pago",
    refund: "Justificante de devolución",
    taxId: "NIF",
    from: { payment: "Recibido de", refund: "Devuelto a" },
    invoice: "Factura",
    invoiceTotal: "Total de la factura",
    amount: { payment: "Importe recibido", refund: "Importe devuelto" },
    method: "Forma de pago",
    paidOn: "Fecha",
    reference: "Referencia",
    stillOwed: "Queda por pagar de la factura",
    methods: {
      cash: "Efectivo",
      card: "Tarjeta",
      bank_transfer: "Transferencia",
      direct_debit: "Domiciliación",
      credit: "Saldo a favor",
    },
    note: "Este recibo justifica el dinero recibido; el documento fiscal es la factura.",
  },
} as const;

/** The receipt of a payment (or a refund) on one A4 page: who, how much, how, for which invoice, what is still owed. */
export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Uint8Array> {
  const words = WORDS[receipt.language];
  const format = invoiceFormat(receipt);
  const title = words[receipt.kind];
  const { doc, bytes } = a4Document({
    language: receipt.language,
    title: `${title} ${receipt.invoiceNumber}`,
    author: receipt.issuer.legalName,
  });
  const page: Page = { doc, y: MARGIN };
  const { issuer } = receipt;
  const issuerBottom = writeLines(
    page,
    [`${words.taxId}: ${issuer.taxId}`, ...format.address(issuer.address)],
    LEFT,
    MARGIN + write(page, issuer.legalName, LEFT, MARGIN, { font: FONT.bold, size: SIZE.heading, width: 260 }) + 4,
    { colour: COLOUR.muted, width: 260 },
  );
  const titleBottom =
    MARGIN +
    write(page, title, LEFT + 280, MARGIN, { font: FONT.bold, size: SIZE.title, align: "right", width: WIDTH - 280 });
  page.y = Math.max(issuerBottom, titleBottom) + 24;
  rule(page, page.y - 8);

  const customer = receipt.customer.taxId
    ? `${receipt.customer.name} (${words.taxId}: ${receipt.customer.taxId})`
    : receipt.customer.name;
  const rows: [string, string, boolean?][] = [
    [words.from[receipt.kind], customer],
    [words.amount[receipt.kind], format.money(receipt.amountCents), true],
    [words.method, words.methods[receipt.method]],
    [words.paidOn, format.date(receipt.paidOn)],
    ...(receipt.reference ? [[words.reference, receipt.reference] as [string, string]] : []),
    [words.invoice, receipt.invoiceNumber],
    [words.invoiceTotal, format.money(receipt.invoiceTotalCents)],
    [words.stillOwed, format.money(receipt.stillOwedCents), true],
  ];
  for (const [label, value, strong] of rows) {
    write(page, label, LEFT, page.y, { colour: COLOUR.muted, width: 200 });
    page.y +=
      write(page, value, LEFT + 210, page.y, {
        font: strong ? FONT.bold : FONT.regular,
        size: strong ? SIZE.total : SIZE.body,
        align: "right",
        width: RIGHT - LEFT - 210,
      }) + 8;
  }
  rule(page, page.y);
  write(page, words.note, LEFT, page.y + 10, { size: SIZE.small, colour: COLOUR.muted });
  doc.end();
  return bytes;
}
