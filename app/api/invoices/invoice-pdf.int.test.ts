import "@/tests/support/isolated-env";
import { InngestTestEngine } from "@inngest/test";
import { eq, ne } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inngestFunction } from "@/inngest/functions";
import { findJob } from "@/lib/jobs/definitions";
import { deliverPendingMail } from "@/lib/mail/delivery";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { files, invoices, mailOutbox } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import {
  CLUB_SETTINGS,
  CLUB_TAX_DATA,
  downloadInvoicePdf,
  enrolInvoiced,
  goldPlan,
  putSettingsOk,
} from "@/tests/support/billing";
import { waitForMail } from "@/tests/support/mail";
import { resetDatabase } from "@/tests/support/reset-database";
import { DELETE as deleteFile } from "../files/[id]/route";
import { POST as runJob } from "../jobs/[name]/run/route";

let running: Platform;
let token: string;
let gold: string;
const unknownId = "00000000-0000-4000-8000-000000000009";

type JobRun = { status: string; outcome: Record<string, number> };
const deliverInvoices = () =>
  call<JobRun>(runJob, {
    path: "/api/jobs/deliver-invoices/run",
    method: "POST",
    params: { name: "deliver-invoices" },
    token,
  });

async function enrolled(email: string, language: "en" | "es" | null) {
  const member = { firstName: "Marta", lastName: "Ruiz", email, language };
  const { invoiceId, number } = await enrolInvoiced(running.database.db, token, gold, member);
  return { id: invoiceId, number };
}

const download = (id: string) => downloadInvoicePdf(token, id);

async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(bytes);
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, " ");
}

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  gold = await goldPlan(running.database.db);
  await putSettingsOk(token, { ...CLUB_SETTINGS, language: "en", taxData: CLUB_TAX_DATA });
});
afterAll(() => stopPlatform());

describe("invoice PDFs and their email", () => {
  it("renders a PDF not stored yet on the fly, without storing it", async () => {
    const invoice = await enrolled("before-the-job@club.example", null);

    const { response, bytes } = await download(invoice.id);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`attachment; filename="${invoice.number}.pdf"`);
    expect(await pdfText(bytes)).toContain(invoice.number);
    expect(await running.database.db.select().from(files)).toEqual([]);
  });

  it("stores each issued invoice's PDF in club-documents and queues one email with it attached; a rerun does nothing", async () => {
    await running.database.db.delete(mailOutbox);
    const english = await enrolled("ana@club.example", "en");
    const spanish = await enrolled("maria@club.example", "es");

    const first = await deliverInvoices();
    expect(first.status).toBe(200);
    // The invoice of the first test too: it was rendered for a download, never stored.
    expect(first.body.outcome).toEqual({ delivered: 3, alreadyDone: 0, failed: 0 });

    const stored = await running.database.db
      .select({ id: files.id, bucket: files.bucket, fileName: files.fileName, subjectId: files.subjectId })
      .from(files)
      .where(eq(files.subjectId, spanish.id));
    expect(stored).toEqual([
      { id: expect.any(String), bucket: "club-documents", fileName: `${spanish.number}.pdf`, subjectId: spanish.id },
    ]);
    const [row] = await running.database.db
      .select({ pdfFileId: invoices.pdfFileId })
      .from(invoices)
      .where(eq(invoices.id, spanish.id));
    expect(row?.pdfFileId).toBe(stored[0]?.id);
    const queued = await running.database.db
      .select({ to: mailOutbox.toAddress, attachments: mailOutbox.attachments })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "invoice-issued"));
    expect(queued.filter((mail) => mail.to === "maria@club.example")).toEqual([
      {
        to: "maria@club.example",
        attachments: [expect.objectContaining({ fileName: `${spanish.number}.pdf`, contentType: "application/pdf" })],
      },
    ]);

    const again = await deliverInvoices();
    expect(again.body.outcome).toEqual({ delivered: 0, alreadyDone: 0, failed: 0 });
    expect(await running.database.db.select({ id: files.id }).from(files)).toHaveLength(3);
    expect(
      await running.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, "invoice-issued")),
    ).toHaveLength(3);

    await deliverPendingMail(running, { now: () => new Date(Date.now() + 1_000) });
    const invoiceMail = (number: string) => (mail: { subject: string }) => mail.subject.includes(number);
    const spanishMail = await waitForMail(running.mailer, "maria@club.example", 5_000, invoiceMail(spanish.number));
    expect(spanishMail.subject).toBe(`Su factura ${spanish.number} de Club Náutico`);
    expect(spanishMail.attachments.map((attachment) => attachment.fileName)).toEqual([`${spanish.number}.pdf`]);
    const englishMail = await waitForMail(running.mailer, "ana@club.example", 5_000, invoiceMail(english.number));
    expect(englishMail.subject).toBe(`Your invoice ${english.number} from Club Náutico`);
  });

  it("downloads the stored PDF, in the member's language", async () => {
    const [spanish] = await running.database.db
      .select({ id: invoices.id, fileId: invoices.pdfFileId })
      .from(invoices)
      .where(eq(invoices.language, "es"));

    const { response, bytes } = await download(spanish!.id);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    const text = await pdfText(bytes);
    expect(text).toContain("Factura");
    expect(text).toContain("Total factura 49,90 €");
  });

  it("keeps a stored PDF while its invoice refers to it: deleting the file is 409 File.InUse", async () => {
    const [invoice] = await running.database.db
      .select({ fileId: invoices.pdfFileId })
      .from(invoices)
      .where(eq(invoices.language, "es"));
    const id = invoice!.fileId!;

    const refused = await call(deleteFile, { path: `/api/files/${id}`, method: "DELETE", params: { id }, token });

    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "File.InUse" });
    expect(await running.database.db.select({ id: files.id }).from(files).where(eq(files.id, id))).toHaveLength(1);
  });

  it("answers 404 Billing.InvoiceNotFound for an unknown invoice", async () => {
    const { response, bytes } = await download(unknownId);
    expect(response.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toMatchObject({ code: "Billing.InvoiceNotFound" });
  });

  it("runs on Inngest as on the scheduler: nothing left to deliver", async () => {
    const run = await new InngestTestEngine({ function: inngestFunction("deliver-invoices") }).execute();
    expect(run.result).toMatchObject({ status: "completed", outcome: { delivered: 0, failed: 0 } });
  });

  it("stores one PDF and queues one email per invoice when two runs race (the lock bypassed)", async () => {
    const racing = await Promise.all(
      ["race1@club.example", "race2@club.example", "race3@club.example"].map((email) => enrolled(email, "es")),
    );
    const job = findJob("deliver-invoices")!;

    const outcomes = await Promise.all([job.run(running, {}), job.run(running, {})]);

    expect(outcomes.reduce((sum, outcome) => sum + Number(outcome.delivered), 0)).toBe(3);
    expect(outcomes.every((outcome) => outcome.failed === 0)).toBe(true);
    for (const invoice of racing) {
      expect(await running.database.db.select().from(files).where(eq(files.subjectId, invoice.id))).toHaveLength(1);
      expect(
        await running.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.dedupeKey, `invoice-issued:${invoice.id}`)),
      ).toHaveLength(1);
    }
  });

  it("lets the PDF be set once and refuses any other change of it", async () => {
    const [invoice] = await running.database.db
      .select({ id: invoices.id, fileId: invoices.pdfFileId })
      .from(invoices)
      .where(eq(invoices.language, "es"));
    const [other] = await running.database.db
      .select({ id: files.id })
      .from(files)
      .where(ne(files.id, invoice!.fileId!));
    await expect(
      running.database.db.update(invoices).set({ pdfFileId: other!.id }).where(eq(invoices.id, invoice!.id)),
    ).rejects.toThrow();
    await expect(
      running.database.db.update(invoices).set({ pdfFileId: null }).where(eq(invoices.id, invoice!.id)),
    ).rejects.toThrow();
  });
});
