import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { storeGeneratedFile } from "@/lib/files/service";
import { deliverPendingMail } from "@/lib/mail/delivery";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { files } from "@/lib/platform/db/schema";
import { mailOutbox } from "@/lib/platform/db/schema/mail";
import { DependencyUnavailableError } from "@/lib/platform/errors";
import { invoiceDocument, invoiceLine } from "@/tests/support/invoice-document";
import { waitForMail } from "@/tests/support/mail";
import { resetDatabase } from "@/tests/support/reset-database";
import {
  type DocumentStore,
  deliverIssuedInvoices,
  type InvoiceDeliveryDependencies,
  type InvoicePdfRepository,
} from "./invoice-delivery";
import type { InvoiceDocument } from "./invoice-document";

let running: Platform;

beforeAll(async () => {
  running = await platform();
});
beforeEach(async () => {
  await resetDatabase(running.database);
});
afterAll(stopPlatform);

/** The invoice tables as the delivery sees them, in memory: issued invoices and the PDF each has (or not). */
function inMemoryInvoices(documents: InvoiceDocument[]) {
  const pdfOf = new Map<string, string | null>(documents.map((document) => [document.id, null]));
  const repository: InvoicePdfRepository = {
    async findInvoicesWithoutPdf(_executor, limit) {
      return [...pdfOf]
        .filter(([, pdf]) => pdf === null)
        .map(([id]) => id)
        .slice(0, limit);
    },
    async loadInvoiceDocuments(_executor, ids) {
      return documents.filter((document) => ids.includes(document.id));
    },
    async markPdfStored(_tx, id, fileId) {
      if (pdfOf.get(id) !== null) return false;
      pdfOf.set(id, fileId);
      return true;
    },
  };
  return { repository, pdfOf };
}

const storeDocument: DocumentStore = (file, work) =>
  storeGeneratedFile({ db: running.database.db, storage: running.storage }, file, work);

const deps = (invoices: InvoicePdfRepository, store: DocumentStore = storeDocument): InvoiceDeliveryDependencies => ({
  db: running.database.db,
  invoices,
  storeDocument: store,
  club: { clubName: "Sunrise Tennis Club", timeZone: "Europe/Madrid" },
});

const invoice = invoiceDocument({ id: "6f1d2c3b-4a59-4e68-8d7c-1b2a3c4d5e6f" });
const rectifying = invoiceDocument({
  id: "7a2e3d4c-5b6a-4f79-9e8d-2c3b4d5e6f70",
  number: "R2026-000004",
  kind: "rectifying",
  language: "en",
  rectifies: { number: "F2026-000123", issuedOn: "2026-11-27", reason: "Left before the period" },
  lines: [invoiceLine("Credit: Gold, yearly", -123_450, 2100)],
  customer: { ...invoice.customer, email: "ana@example.com" },
});

const justAfterEnqueue = () => new Date(Date.now() + 1_000);

async function pdfText(base64: string | undefined) {
  const pdf = await getDocumentProxy(new Uint8Array(Buffer.from(base64 ?? "", "base64")));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, " ");
}

describe("invoice delivery", () => {
  it("stores each issued invoice's PDF in club-documents and mails it attached, in the invoice's language", async () => {
    const { repository, pdfOf } = inMemoryInvoices([invoice, rectifying]);

    expect(await deliverIssuedInvoices(deps(repository))).toEqual({ delivered: 2, alreadyDone: 0, failed: 0 });

    const stored = await running.database.db.select().from(files);
    expect(stored.map((file) => [file.bucket, file.fileName, file.contentType, file.subjectType]).sort()).toEqual([
      ["club-documents", "F2026-000123.pdf", "application/pdf", "invoice"],
      ["club-documents", "R2026-000004.pdf", "application/pdf", "invoice"],
    ]);
    expect(pdfOf.get(invoice.id)).toBe(stored.find((file) => file.subjectId === invoice.id)?.id);
    const queued = await running.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, "invoice-issued"));
    expect(queued.map((mail) => mail.dedupeKey).sort()).toEqual([
      `invoice-issued:${invoice.id}`,
      `invoice-issued:${rectifying.id}`,
    ]);
    expect(queued.find((mail) => mail.dedupeKey === `invoice-issued:${invoice.id}`)?.props).toMatchObject({
      clubName: "Sunrise Tennis Club",
      language: "es",
      memberName: "María José Núñez Peña",
      number: "F2026-000123",
      total: "1259.50",
      periodFrom: "2026-12-01",
      periodTo: "2026-12-31",
      dueOn: "2026-12-07",
      attachmentName: "F2026-000123.pdf",
    });

    // The commit starts delivery in the background; a run here sends whatever it has not sent yet.
    await deliverPendingMail(running, { now: justAfterEnqueue });
    const spanish = await waitForMail(running.mailer, "maria.nunez@example.com");
    expect(spanish.subject).toBe("Su factura F2026-000123 de Sunrise Tennis Club");
    expect(spanish.attachments.map((attachment) => attachment.fileName)).toEqual(["F2026-000123.pdf"]);
    expect(await pdfText(spanish.attachments[0]?.contentBase64)).toContain("Total factura 1.259,50 €");
    const english = await waitForMail(running.mailer, "ana@example.com");
    expect(english.subject).toBe("Rectifying invoice R2026-000004 from Sunrise Tennis Club");
    expect(await pdfText(english.attachments[0]?.contentBase64)).toContain("Corrects invoice F2026-000123");
  });

  it("does nothing the second time, and leaves no file behind when another run stored the PDF first", async () => {
    const { repository, pdfOf } = inMemoryInvoices([invoice]);
    await deliverIssuedInvoices(deps(repository));
    expect(await deliverIssuedInvoices(deps(repository))).toEqual({ delivered: 0, alreadyDone: 0, failed: 0 });

    const raced = inMemoryInvoices([rectifying]);
    const loser: InvoicePdfRepository = {
      ...raced.repository,
      async markPdfStored(tx, id, fileId) {
        raced.pdfOf.set(id, "stored-by-another-run");
        return raced.repository.markPdfStored(tx, id, fileId);
      },
    };
    expect(await deliverIssuedInvoices(deps(loser))).toEqual({ delivered: 0, alreadyDone: 1, failed: 0 });

    expect(await running.database.db.$count(files)).toBe(1);
    expect(await running.database.db.$count(mailOutbox)).toBe(1);
    expect(pdfOf.get(invoice.id)).not.toBeNull();
  });

  it("counts an invoice whose PDF cannot be stored as failed, queues nothing, and delivers it on the next run", async () => {
    const { repository, pdfOf } = inMemoryInvoices([invoice]);
    const storageDown: DocumentStore = () => Promise.reject(new DependencyUnavailableError("storage"));

    expect(await deliverIssuedInvoices(deps(repository, storageDown))).toEqual({
      delivered: 0,
      alreadyDone: 0,
      failed: 1,
    });
    expect(pdfOf.get(invoice.id)).toBeNull();
    expect(await running.database.db.$count(mailOutbox)).toBe(0);

    expect(await deliverIssuedInvoices(deps(repository))).toEqual({ delivered: 1, alreadyDone: 0, failed: 0 });
  });
});
