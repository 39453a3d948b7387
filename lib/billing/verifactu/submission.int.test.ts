import "@/tests/support/isolated-env";
import "@/tests/support/verifactu-certificates";
import { rm } from "node:fs/promises";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getInvoice } from "@/app/api/invoices/[id]/route";
import { POST as correct } from "@/app/api/invoices/[id]/verifactu-corrections/route";
import type { Config } from "@/lib/config";
import { createAeatService } from "@/lib/platform/aeat";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, verifactuFlow, verifactuRecords, verifactuSubmissions } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { startAeatDouble } from "@/tests/support/aeat-double";
import { call } from "@/tests/support/api";
import { enrolInvoiced, goldPlan, putSettingsOk } from "@/tests/support/billing";
import { certificateDirectory, certificates } from "@/tests/support/verifactu-certificates";
import { submitPendingRecords } from "./submission";

/**
 * Sending the records to a stand-in for the AEAT's web service over TLS with the club's certificate
 * (tests/support/aeat-double.ts): every verdict the AEAT gives, its wait between submissions, and the faults (a
 * timeout, an outage, a submission refused whole, a certificate it does not trust), with no record lost or recorded
 * twice.
 */

let running: Platform;
let token: string;
let gold: string;
let aeat: Awaited<ReturnType<typeof startAeatDouble>>;
let sequence = 0;
let clock = new Date("2026-12-01T10:00:00Z");

const config = (overrides: Partial<Config> = {}): Config => ({
  ...running.config,
  VERIFACTU_ENDPOINT_URL: aeat.url,
  VERIFACTU_CA_FILE: certificates.caFile,
  VERIFACTU_TIMEOUT_MS: 1_000,
  ...overrides,
});
const submit = (overrides: Partial<Config> = {}) =>
  submitPendingRecords({ db: running.database.db, aeat: createAeatService(config(overrides)), now: () => clock });
const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

async function issued(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    sequence += 1;
    const { invoiceId } = await enrolInvoiced(running.database.db, token, gold, {
      firstName: "Lucía",
      lastName: `Núñez ${sequence}`,
      email: `aeat${sequence}@club.example`,
    });
    ids.push(invoiceId);
  }
  return ids;
}

/** Each record's number and sending, in chain order. */
const submissions = () =>
  running.database.db
    .select({
      number: verifactuRecords.number,
      status: verifactuSubmissions.status,
      attempts: verifactuSubmissions.attempts,
      nextAttemptAt: verifactuSubmissions.nextAttemptAt,
      errorCode: verifactuSubmissions.errorCode,
      error: verifactuSubmissions.error,
      csv: verifactuSubmissions.csv,
    })
    .from(verifactuSubmissions)
    .innerJoin(verifactuRecords, eq(verifactuRecords.chainPosition, verifactuSubmissions.chainPosition))
    .orderBy(asc(verifactuSubmissions.chainPosition));

const pending = async () => (await submissions()).filter((row) => row.status === "pending");

beforeAll(async () => {
  aeat = await startAeatDouble(certificates);
  running = await platform();
  token = await completeSetup();
  gold = await goldPlan(running.database.db);
  await putSettingsOk(token);
});
afterAll(async () => {
  await stopPlatform();
  await aeat.close();
  await rm(certificateDirectory, { recursive: true, force: true });
});
beforeEach(async () => {
  // Every case starts with nothing left to send and the AEAT's wait over.
  later(3_600);
  while ((await pending()).length > 0) {
    await submit();
    later(3_600);
  }
  await running.database.db.delete(verifactuFlow);
});

describe("sending VERI*FACTU records to the AEAT", () => {
  it("sends nothing without the club's certificate: the records wait, pending", async () => {
    await issued(1);
    const before = aeat.received.length;
    expect(await submit({ VERIFACTU_CERTIFICATE_FILE: undefined })).toMatchObject({ sent: 0, held: "disabled" });
    expect(aeat.received.length).toBe(before);
    expect((await pending()).length).toBe(1);
  });

  it("sends the new records in one submission the AEAT's schema accepts, and stores its verdict and CSV on each", async () => {
    const ids = await issued(3);
    const outcome = await submit();
    expect(outcome).toEqual({ sent: 3, accepted: 3, acceptedWithErrors: 0, rejected: 0, retrying: 0, held: "no" });
    const submission = aeat.received.at(-1);
    expect(submission?.schema).toMatchObject({ valid: true });
    expect(submission?.numbers).toHaveLength(3);
    const invoice = await call<{ verifactu: Record<string, unknown> }>(getInvoice, {
      path: `/api/invoices/${ids[2]}`,
      params: { id: ids[2] ?? "" },
      token,
    });
    // Issued with the club's certificate set: the invoices say VERI*FACTU.
    const [record] = await running.database.db
      .select({ verifactu: verifactuRecords.verifactu })
      .from(verifactuRecords)
      .where(eq(verifactuRecords.invoiceId, ids[2] ?? ""));
    expect(record?.verifactu).toBe(true);
    expect(invoice.body.verifactu).toMatchObject({
      status: "accepted",
      errorCode: null,
      error: null,
      csv: `A-TEST${aeat.received.length}`,
    });
  });

  it("sends each record once when two instances run the job at the same moment", async () => {
    await issued(3);
    const before = aeat.received.length;
    const outcomes = await Promise.all([submit(), submit()]);
    expect(outcomes.map((outcome) => `${outcome.sent} ${outcome.held}`).sort()).toEqual(["0 waiting", "3 no"]);
    expect(aeat.received.slice(before).flatMap((submission) => submission.numbers)).toHaveLength(3);
    expect(await pending()).toEqual([]);
  });

  it("waits the time the AEAT asks between submissions, unless 1,000 records are waiting", async () => {
    await issued(1);
    await submit();
    await issued(1);
    later(30);
    expect(await submit()).toMatchObject({ sent: 0, held: "waiting" });
    later(31);
    expect(await submit()).toMatchObject({ sent: 1, accepted: 1 });
  });

  it("stores a record accepted with errors and one rejected with the AEAT's code and words", async () => {
    const before = (await submissions()).length;
    await issued(2);
    const numbers = (await submissions()).slice(before).map((row) => row.number);
    aeat.answerNext({
      kind: "verdicts",
      verdict: (number) =>
        number === numbers[0]
          ? { status: "AceptadoConErrores", extra: "1100|El NIF del destinatario no está identificado." }
          : { status: "Incorrecto", extra: "1104|El valor del campo NumSerieFactura es incorrecto." },
    });
    expect(await submit()).toMatchObject({ sent: 2, accepted: 0, acceptedWithErrors: 1, rejected: 1 });
    expect((await submissions()).slice(before)).toEqual([
      expect.objectContaining({
        status: "accepted_with_errors",
        errorCode: 1100,
        error: "El NIF del destinatario no está identificado.",
      }),
      expect.objectContaining({
        status: "rejected",
        errorCode: 1104,
        error: "El valor del campo NumSerieFactura es incorrecto.",
      }),
    ]);
  });

  it("sends again a submission whose answer never came, and takes the AEAT's duplicate as accepted: one record, once", async () => {
    await issued(2);
    aeat.answerNext({ kind: "late", afterMs: 2_000 });
    expect(await submit()).toMatchObject({ sent: 2, retrying: 2 });
    const waiting = await pending();
    expect(waiting).toEqual([
      expect.objectContaining({ attempts: 1, error: "AEAT did not answer within 1000 ms" }),
      expect.objectContaining({ attempts: 1 }),
    ]);
    expect(waiting[0]?.nextAttemptAt.getTime()).toBe(clock.getTime() + 60_000);
    // Not before its retry is due; then sent again, and the AEAT, which did record them, says so.
    expect(await submit()).toMatchObject({ sent: 0 });
    later(61);
    expect(await submit()).toMatchObject({ sent: 2, accepted: 2, retrying: 0 });
    expect(aeat.received.at(-1)?.numbers).toEqual(aeat.received.at(-2)?.numbers);
    expect(await pending()).toEqual([]);
  });

  it("keeps the records of a submission refused whole, or not answered at all, pending with the reason", async () => {
    await issued(1);
    aeat.answerNext({ kind: "fault" });
    expect(await submit()).toMatchObject({ sent: 1, retrying: 1 });
    const [refused] = await pending();
    expect(refused).toMatchObject({ error: "Codigo[4102].El XML no cumple el esquema." });
    // A submission refused whole is tried again in an hour.
    expect(refused?.nextAttemptAt.getTime()).toBe(clock.getTime() + 3_600_000);
    later(3_600);
    aeat.answerNext({ kind: "unavailable" });
    expect(await submit()).toMatchObject({ sent: 1, retrying: 1 });
    expect((await pending())[0]?.error).toMatch(/neither/);
    later(3_600);
    expect(await submit()).toMatchObject({ sent: 1, accepted: 1 });
  });

  it("keeps the records pending when the AEAT does not trust the certificate", async () => {
    await issued(1);
    const outcome = await submit({
      VERIFACTU_CERTIFICATE_FILE: certificates.stranger.pfxFile,
      VERIFACTU_CERTIFICATE_PASSWORD: certificates.stranger.password,
    });
    expect(outcome).toMatchObject({ sent: 1, retrying: 1 });
    expect((await pending())[0]?.error).toBe("AEAT is unavailable");
  });
});

type CorrectedInvoice = { verifactu: { status: string; corrections: number } };

const corrected = (id: string) =>
  call<CorrectedInvoice & { code?: string }>(correct, {
    method: "POST",
    path: `/api/invoices/${id}/verifactu-corrections`,
    params: { id },
    token,
  });

/** The invoice's records in chain order: RechazoPrevio on corrections, and what each was answered. */
const recordsOf = (invoiceId: string) =>
  running.database.db
    .select({
      correction: verifactuRecords.correction,
      previousHuella: verifactuRecords.previousHuella,
      xml: verifactuRecords.xml,
      status: verifactuSubmissions.status,
    })
    .from(verifactuRecords)
    .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.chainPosition, verifactuRecords.chainPosition))
    .where(eq(verifactuRecords.invoiceId, invoiceId))
    .orderBy(asc(verifactuRecords.chainPosition));

const rejectNext = (code = "4109|El NIF del obligado no está identificado en el censo.") =>
  aeat.answerNext({ kind: "verdicts", verdict: () => ({ status: "Incorrecto", extra: code }) });

describe("correcting a record the AEAT refused (subsanación)", () => {
  it("sends a rejected record again as a correction the AEAT holds no record for (RechazoPrevio X), chained at the end", async () => {
    const [id = ""] = await issued(1);
    rejectNext();
    expect(await submit()).toMatchObject({ rejected: 1 });
    const [lastBefore] = await running.database.db
      .select({ huella: verifactuRecords.huella })
      .from(verifactuRecords)
      .orderBy(desc(verifactuRecords.chainPosition))
      .limit(1);
    const reply = await corrected(id);
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`/api/invoices/${id}`);
    expect(reply.body.verifactu).toMatchObject({ status: "pending", corrections: 1 });
    const [first, correction] = await recordsOf(id);
    expect(first).toMatchObject({ correction: null, status: "rejected" });
    expect(correction).toMatchObject({ correction: "X", status: "pending", previousHuella: lastBefore?.huella });
    expect(correction?.xml).toContain("<sf:Subsanacion>S</sf:Subsanacion><sf:RechazoPrevio>X</sf:RechazoPrevio>");
    // While it waits for its answer there is nothing to correct.
    expect(await corrected(id)).toMatchObject({ status: 409, body: { code: "Billing.VerifactuRecordNotCorrectable" } });

    later(3_600);
    expect(await submit()).toMatchObject({ sent: 1, accepted: 1 });
    expect(aeat.received.at(-1)).toMatchObject({ corrections: ["X"], schema: { valid: true } });
    const invoice = await call<CorrectedInvoice>(getInvoice, { path: `/api/invoices/${id}`, params: { id }, token });
    expect(invoice.body.verifactu).toMatchObject({ status: "accepted", corrections: 1 });
    // Accepted, it is not corrected again; the correction is in the audit trail.
    expect(await corrected(id)).toMatchObject({ status: 409, body: { code: "Billing.VerifactuRecordNotCorrectable" } });
    const entries = await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.entityId, id));
    expect(entries.filter((entry) => entry.action === "billing.verifactu_record_corrected")).toEqual([
      expect.objectContaining({
        severity: "Warning",
        data: expect.objectContaining({ rechazoPrevio: "X", previousStatus: "rejected" }),
      }),
    ]);
  });

  it("corrects a record accepted with errors (RechazoPrevio N), and again after that correction is rejected (S)", async () => {
    const [id = ""] = await issued(1);
    aeat.answerNext({
      kind: "verdicts",
      verdict: () => ({ status: "AceptadoConErrores", extra: "1100|El NIF del destinatario no está identificado." }),
    });
    expect(await submit()).toMatchObject({ acceptedWithErrors: 1 });
    expect((await corrected(id)).status).toBe(201);
    later(3_600);
    rejectNext("1104|El valor del campo NumSerieFactura es incorrecto.");
    expect(await submit()).toMatchObject({ sent: 1, rejected: 1 });
    expect(aeat.received.at(-1)?.corrections).toEqual(["N"]);
    expect((await corrected(id)).status).toBe(201);
    later(3_600);
    expect(await submit()).toMatchObject({ sent: 1, accepted: 1 });
    expect(aeat.received.at(-1)?.corrections).toEqual(["S"]);
    expect((await recordsOf(id)).map((record) => `${record.correction} ${record.status}`)).toEqual([
      "null accepted_with_errors",
      "N rejected",
      "S accepted",
    ]);
  });

  it("writes one correction when two people send it at the same moment; the other is told, and nothing else changes", async () => {
    const [id = ""] = await issued(1);
    rejectNext();
    await submit();
    const replies = await Promise.all([corrected(id), corrected(id)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect((await recordsOf(id)).map((record) => record.correction)).toEqual([null, "X"]);
  });

  it("refuses a record still waiting for its answer, and an invoice that does not exist, writing nothing", async () => {
    const [id = ""] = await issued(1);
    const before = await running.database.db.select().from(auditOutbox);
    expect(await corrected(id)).toMatchObject({ status: 409, body: { code: "Billing.VerifactuRecordNotCorrectable" } });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await corrected(unknown)).toMatchObject({ status: 404, body: { code: "Billing.InvoiceNotFound" } });
    expect(await recordsOf(id)).toHaveLength(1);
    expect(await running.database.db.select().from(auditOutbox)).toHaveLength(before.length);
  });
});
