import "@/tests/support/isolated-env";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, remittanceItems, remittances, sepaMandates } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import {
  CLUB_CREDITOR,
  CLUB_SETTINGS,
  CLUB_TAX_DATA,
  collectionDayIn,
  enrolInvoiced,
  goldPlan,
  notifyDebitsAt,
  SHORT_NOTICE,
} from "@/tests/support/billing";
import { resetDatabase } from "@/tests/support/reset-database";
import { xmllint } from "@/tests/support/xmllint";
import { POST as createInvoice } from "../invoices/route";
import { POST as amendRoute } from "../members/[id]/mandates/[mandateId]/amend/route";
import { POST as addMandate } from "../members/[id]/mandates/route";
import { PUT as updateSettings } from "../settings/route";
import { GET as downloadFile } from "./[id]/file/route";
import { POST as send } from "./[id]/send/route";
import { POST as settle } from "./[id]/settle/route";
import { POST as build } from "./route";

/**
 * Issue 27, item 7: the bank file in pain.008.001.02 or .08 and with or without batch booking, as the club's settings
 * say when a remittance is built, and a mandate amendment announced on the debits of the first remittance after it,
 * until one of them is collected.
 */
type Remittance = {
  id: string;
  fileVersion: string;
  batchBooking: boolean;
  items: { invoiceId: string; memberId: string }[];
  code?: string;
};

const XSD = (version: string) => path.resolve(import.meta.dirname, `../../../lib/billing/sepa/xsd/${version}.xsd`);
// Debtors told a day ahead: these tests are about the bank file, not the notice period (pre-notification.int.test.ts).
const SETTINGS = {
  ...CLUB_SETTINGS,
  taxData: CLUB_TAX_DATA,
  ...CLUB_CREDITOR,
  collectionBic: "CAIXESBBXXX",
  directDebit: SHORT_NOTICE,
};
// Ibercaja (2085): another bank than the mandates' CaixaBank (2100).
const OTHER_BANK_IBAN = "ES6920850001610123456789";

let running: Platform;
let token: string;
let gold: string;
let sequence = 0;

const putSettings = (body: object) =>
  call<Record<string, unknown> & { code?: string; errors?: Record<string, string[]> }>(updateSettings, {
    path: "/api/settings",
    method: "PUT",
    token,
    body,
  });
/** Builds a remittance after the day's notify-debits run, as the club's morning would have it. */
const buildFor = async (collectionDate: string) => {
  await notifyDebitsAt(running);
  return call<Remittance>(build, { path: "/api/remittances", token, body: { collectionDate } });
};
const inDays = (days: number) => localDate(new Date(Date.now() + days * 86_400_000), "Europe/Madrid");

async function download(id: string): Promise<string> {
  const reply = await downloadFile(
    new Request(`http://localhost/api/remittances/${id}/file`, { headers: { authorization: `Bearer ${token}` } }),
    { params: Promise.resolve({ id }) },
  );
  expect(reply.status).toBe(200);
  return reply.text();
}

/** A member on Gold with an open invoice and a mandate on a CaixaBank account. */
async function debtor(): Promise<{ memberId: string; invoiceId: string; mandateId: string }> {
  sequence += 1;
  const person = { firstName: "Jordi", lastName: `Vidal${sequence}`, email: `versions${sequence}@club.example` };
  const { memberId, invoiceId } = await enrolInvoiced(running.database.db, token, gold, person);
  const mandate = await call<{ id: string }>(addMandate, {
    path: `/api/members/${memberId}/mandates`,
    params: { id: memberId },
    token,
    body: { iban: "ES9121000418450200051332", bic: "CAIXESBBXXX", signedOn: "2026-01-15" },
  });
  expect(mandate.status).toBe(201);
  return { memberId, invoiceId, mandateId: mandate.body.id };
}

/** Sends a remittance and settles it as if its collection date had come: its debits collected. */
async function sendAndSettle(id: string) {
  expect(
    (await call(send, { path: `/api/remittances/${id}/send`, method: "POST", params: { id }, token })).status,
  ).toBe(200);
  await running.database.db
    .update(remittances)
    .set({ collectionDate: inDays(-1) })
    .where(eq(remittances.id, id));
  expect(
    (await call(settle, { path: `/api/remittances/${id}/settle`, method: "POST", params: { id }, token })).status,
  ).toBe(200);
}

/** The `<MndtRltdInf>` blocks of a file, in its order of end-to-end ids. */
const mandateBlocks = (xml: string) => [...xml.matchAll(/<MndtRltdInf>[\s\S]*?<\/MndtRltdInf>/g)].map((m) => m[0]);

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  expect((await putSettings(SETTINGS)).status).toBe(200);
  gold = await goldPlan(running.database.db);
});
afterAll(stopPlatform);

describe("the file version and batch booking settings", () => {
  it("default to pain.008.001.02 booked by block; a bad version is a 400 keyed directDebit.fileVersion", async () => {
    const saved = await putSettings(SETTINGS);
    expect(saved.body.directDebit).toEqual({
      collectionDay: null,
      representAfterDays: 0,
      fileVersion: "pain.008.001.02",
      batchBooking: true,
      preNotificationDays: 1,
      returnFee: null,
    });
    const refused = await putSettings({
      ...SETTINGS,
      directDebit: { collectionDay: null, representAfterDays: 0, fileVersion: "pain.008.001.09", batchBooking: "no" },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors ?? {}).sort()).toEqual([
      "directDebit.batchBooking",
      "directDebit.fileVersion",
    ]);
  });

  it("build the next remittance in .08 without batch booking; it keeps them when the settings change back", async () => {
    const { memberId } = await debtor();
    const changed = await putSettings({
      ...SETTINGS,
      directDebit: { collectionDay: null, representAfterDays: 0, fileVersion: "pain.008.001.08", batchBooking: false },
    });
    expect(changed.body.directDebit).toMatchObject({ fileVersion: "pain.008.001.08", batchBooking: false });
    const audit = await running.database.db
      .select({ data: auditOutbox.data })
      .from(auditOutbox)
      .where(eq(auditOutbox.action, "settings.updated"));
    expect(audit.at(-1)?.data).toMatchObject({ changed: expect.arrayContaining(["directDebit"]) });
    // A client from before the two fields (it sends only the collection day and wait) leaves them as they are.
    const older = await putSettings({ ...SETTINGS, directDebit: { collectionDay: null, representAfterDays: 0 } });
    expect(older.body.directDebit).toMatchObject({ fileVersion: "pain.008.001.08", batchBooking: false });

    const built = await buildFor(collectionDayIn(3));
    expect(built.status).toBe(201);
    expect(built.body).toMatchObject({ fileVersion: "pain.008.001.08", batchBooking: false });
    expect(built.body.items.map((item) => item.memberId)).toEqual([memberId]);
    const xml = await download(built.body.id);
    expect(await xmllint(xml, XSD("pain.008.001.08"))).toEqual({
      valid: true,
      output: expect.stringContaining("validates"),
    });
    expect((await xmllint(xml, XSD("pain.008.001.02"))).valid).toBe(false);
    expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"');
    expect(xml).toContain("<BICFI>CAIXESBBXXX</BICFI>");
    expect(xml).toContain("<BtchBookg>false</BtchBookg>");

    await putSettings({
      ...SETTINGS,
      directDebit: { collectionDay: null, representAfterDays: 0, fileVersion: "pain.008.001.02", batchBooking: true },
    });
    // The same bytes later: the remittance was built in .08 without batch booking.
    expect(await download(built.body.id)).toBe(xml);
    const [stored] = await running.database.db
      .select({ fileVersion: remittances.fileVersion, batchBooking: remittances.batchBooking })
      .from(remittances)
      .where(eq(remittances.id, built.body.id));
    expect(stored).toEqual({ fileVersion: "pain.008.001.08", batchBooking: false });
    // Sent and collected, so the next remittance holds only the next member's debit.
    await sendAndSettle(built.body.id);

    const { invoiceId } = await debtor();
    const next = await buildFor(collectionDayIn(3));
    expect(next.body).toMatchObject({ fileVersion: "pain.008.001.02", batchBooking: true });
    const nextXml = await download(next.body.id);
    expect(await xmllint(nextXml, XSD("pain.008.001.02"))).toMatchObject({ valid: true });
    expect(nextXml).toContain("<BIC>CAIXESBBXXX</BIC>");
    expect(nextXml).toContain("<BtchBookg>true</BtchBookg>");
    expect(next.body.items.map((item) => item.invoiceId)).toEqual([invoiceId]);
    await sendAndSettle(next.body.id);
  });
});

describe("a mandate amended to another bank", () => {
  it.each(["pain.008.001.02", "pain.008.001.08"])(
    "%s: is announced on the debits of the first remittance after it, until one is collected",
    async (fileVersion) => {
      await putSettings({
        ...SETTINGS,
        directDebit: { collectionDay: null, representAfterDays: 0, fileVersion, batchBooking: true },
      });
      const amended = await debtor();
      const other = await debtor();
      const amendment = await call<{ pendingAmendment: unknown }>(amendRoute, {
        path: `/api/members/${amended.memberId}/mandates/${amended.mandateId}/amend`,
        method: "POST",
        params: { id: amended.memberId, mandateId: amended.mandateId },
        token,
        body: { iban: OTHER_BANK_IBAN },
      });
      expect(amendment.status).toBe(200);

      const first = await buildFor(collectionDayIn(3));
      expect(first.status).toBe(201);
      const xml = await download(first.body.id);
      expect(await xmllint(xml, XSD(fileVersion))).toMatchObject({ valid: true });
      const [amendedBlock, otherBlock] = mandateBlocks(xml);
      expect(amendedBlock).toContain("<AmdmntInd>true</AmdmntInd>");
      expect(amendedBlock).toMatch(/<OrgnlDbtrAcct>\s*<Id>\s*<Othr>\s*<Id>SMNDA<\/Id>/);
      expect(otherBlock).not.toContain("AmdmntInd");
      expect(xml).toContain(`<IBAN>${OTHER_BANK_IBAN}</IBAN>`);
      // The debit keeps the account and amendment it was built with.
      const items = await running.database.db
        .select({ debtorIban: remittanceItems.debtorIban, originalIban: remittanceItems.originalIban })
        .from(remittanceItems)
        .where(eq(remittanceItems.remittanceId, first.body.id))
        .orderBy(remittanceItems.endToEndId);
      expect(items).toEqual([
        { debtorIban: OTHER_BANK_IBAN, originalIban: "ES9121000418450200051332" },
        { debtorIban: "ES9121000418450200051332", originalIban: null },
      ]);

      await sendAndSettle(first.body.id);
      // Collected under the new account: the debtor's bank knows it, nothing is left to announce.
      const [mandate] = await running.database.db
        .select({ originalIban: sepaMandates.originalIban, amendedAt: sepaMandates.amendedAt })
        .from(sepaMandates)
        .where(eq(sepaMandates.id, amended.mandateId));
      expect(mandate).toEqual({ originalIban: null, amendedAt: null });
      // The file of the collected remittance still carries the amendment it was handed to the bank with (the test moved
      // its collection date to settle it, so its dates differ).
      expect(mandateBlocks(await download(first.body.id))).toEqual([amendedBlock, otherBlock]);

      // The next invoice of both members goes out without the amendment.
      for (const { memberId } of [amended, other]) {
        const invoice = await call(createInvoice, {
          path: "/api/invoices",
          token,
          body: { memberId, lines: [{ description: "Taquilla", amount: "12.00" }] },
        });
        expect(invoice.status).toBe(201);
      }
      const second = await buildFor(collectionDayIn(3));
      expect(second.status).toBe(201);
      const secondXml = await download(second.body.id);
      expect(await xmllint(secondXml, XSD(fileVersion))).toMatchObject({ valid: true });
      expect(mandateBlocks(secondXml)).toHaveLength(2);
      expect(secondXml).not.toContain("AmdmntInd");
      expect(secondXml).toContain(`<IBAN>${OTHER_BANK_IBAN}</IBAN>`);
      // No new first collection: the amendment kept the mandate's sequence.
      expect(secondXml).not.toContain("<SeqTp>FRST</SeqTp>");
      await sendAndSettle(second.body.id);
    },
  );
});
