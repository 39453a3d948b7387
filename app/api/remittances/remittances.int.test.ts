import "@/tests/support/isolated-env";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import {
  auditOutbox,
  invoicePayments,
  invoices,
  remittanceItems,
  remittances,
  sepaMandates,
} from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import {
  addMandateOk,
  CLUB_SETTINGS,
  CLUB_TAX_DATA,
  collectionDayIn,
  enrolInvoiced,
  goldPlan,
  notifyDebitsAt,
  putSettingsOk,
  SHORT_NOTICE,
} from "@/tests/support/billing";
import { resetDatabase } from "@/tests/support/reset-database";
import { xmllint } from "@/tests/support/xmllint";
import { POST as pay } from "../invoices/[id]/payments/route";
import { PUT as updateSettings } from "../settings/route";
import { GET as downloadFile } from "./[id]/file/route";
import { POST as importReturns } from "./[id]/returns/route";
import { DELETE as deleteRemittance, GET as getRemittance } from "./[id]/route";
import { POST as send } from "./[id]/send/route";
import { POST as settle } from "./[id]/settle/route";
import { POST as build, GET as list } from "./route";

type Item = { invoiceId: string; invoiceNumber: string; amount: string; sequence: string; status: string };
type Remittance = {
  id: string;
  status: string;
  collectionDate: string;
  itemCount: number;
  totalAmount: string;
  messageId: string;
  items: Item[];
  code?: string;
  errors?: Record<string, string[]>;
};

const XSD = path.resolve(import.meta.dirname, "../../../lib/billing/sepa/xsd/pain.008.001.02.xsd");
const unknownId = "00000000-0000-4000-8000-000000000009";

let running: Platform;
let token: string;
let gold: string;
let sequence = 0;

// Debtors told a day ahead: these tests are about remittances, not the notice period (pre-notification.int.test.ts).
const SETTINGS = { ...CLUB_SETTINGS, taxData: CLUB_TAX_DATA, directDebit: SHORT_NOTICE };
const CREDITOR = { creditorIdentifier: "ES97000B12345678", collectionIban: "es79 2100 0813 6101 2345 6789" };

const putSettings = (body: object) =>
  call<Record<string, unknown>>(updateSettings, { path: "/api/settings", method: "PUT", token, body });
const inDays = (days: number) => localDate(new Date(Date.now() + days * 86_400_000), "Europe/Madrid");
/** Builds a remittance after the day's notify-debits run, as the club's morning would have it. */
const buildFor = async (body: object) => {
  await notifyDebitsAt(running);
  return call<Remittance>(build, { path: "/api/remittances", token, body });
};
const get = (id: string) => call<Remittance>(getRemittance, { path: `/api/remittances/${id}`, params: { id }, token });
const sendOf = (id: string) =>
  call<Remittance>(send, { path: `/api/remittances/${id}/send`, method: "POST", params: { id }, token });
const remove = (id: string) =>
  call<Remittance>(deleteRemittance, { path: `/api/remittances/${id}`, method: "DELETE", params: { id }, token });

/** Enrols a member on Gold (49.90): one open invoice due today; with a mandate unless told otherwise. */
async function member(withMandate = true): Promise<{ memberId: string; invoiceId: string }> {
  sequence += 1;
  const debtor = { firstName: "Núria", lastName: `Puig${sequence}`, email: `debtor${sequence}@club.example` };
  const { memberId, invoiceId } = await enrolInvoiced(running.database.db, token, gold, debtor);
  if (withMandate) await addMandateOk(token, memberId);
  return { memberId, invoiceId };
}

const statusesOf = async (ids: string[]) =>
  (await running.database.db.select({ status: invoices.status }).from(invoices).where(inArray(invoices.id, ids))).map(
    (row) => row.status,
  );
const auditCount = async (action: string, entityId: string) =>
  (await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.action, action))).filter(
    (entry) => entry.entityId === entityId,
  ).length;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  await putSettingsOk(token, SETTINGS);
  gold = await goldPlan(running.database.db);
});
afterAll(async () => {
  await stopPlatform();
});

describe("building a remittance", () => {
  it("is refused until the club's creditor identifier and IBAN are set (Billing.CreditorNotConfigured)", async () => {
    await member();
    const reply = await buildFor({ collectionDate: collectionDayIn(3) });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe("Billing.CreditorNotConfigured");
    const refused = await putSettings({ ...SETTINGS, collectionIban: "ES00 1234", collectionBic: "NOPE" });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors as object).sort()).toEqual(["collectionBic", "collectionIban"]);
    const saved = await putSettings({ ...SETTINGS, ...CREDITOR });
    expect(saved.body).toMatchObject({ collectionIban: "ES7921000813610123456789", collectionBic: null });
    expect(await running.database.db.select().from(remittances)).toHaveLength(0);
  });

  it("refuses a collection date not after today and bad invoice ids with 400 and errors", async () => {
    const errorsOf = async (body: object) => {
      const reply = await buildFor(body);
      expect(reply.status).toBe(400);
      return Object.keys(reply.body.errors ?? {}).sort();
    };
    expect(await errorsOf({ collectionDate: inDays(0) })).toEqual(["collectionDate"]);
    // A day TARGET2 is closed: the answer names the next collection day.
    const goodFriday = await buildFor({ collectionDate: "2027-03-26" });
    expect(goodFriday.status).toBe(400);
    expect(goodFriday.body.errors).toEqual({
      collectionDate: [
        "Banks collect no direct debit on 2027-03-26: TARGET2 is closed on weekends, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December. The next collection day is 2027-03-30.",
      ],
    });
    expect(await errorsOf({ collectionDate: "2020-01-01" })).toEqual(["collectionDate"]);
    expect(await errorsOf({ collectionDate: "2026-13-01", invoiceIds: ["x"] })).toEqual([
      "collectionDate",
      "invoiceIds.0",
    ]);
    expect(await errorsOf({ collectionDate: collectionDayIn(3), invoiceIds: [] })).toEqual(["invoiceIds"]);
    expect(await running.database.db.select().from(remittances)).toHaveLength(0);
  });

  it("collects every invoice due with an amount owed and an active mandate, and nothing else", async () => {
    const paid = await member();
    expect(
      (await call(pay, { path: "/", params: { id: paid.invoiceId }, token, body: { amount: "49.90", method: "cash" } }))
        .status,
    ).toBe(201);
    const partly = await member();
    await call(pay, { path: "/", params: { id: partly.invoiceId }, token, body: { amount: "9.90", method: "cash" } });
    const withoutMandate = await member(false);
    const reply = await buildFor({ collectionDate: collectionDayIn(3) });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: "draft", itemCount: 2, totalAmount: "89.90" });
    expect(reply.body.messageId).toMatch(/^[0-9a-f]{32}$/);
    const collected = reply.body.items.map((item) => item.invoiceId);
    expect(collected).toContain(partly.invoiceId);
    expect(collected).not.toContain(paid.invoiceId);
    expect(collected).not.toContain(withoutMandate.invoiceId);
    expect(reply.body.items.map((item) => [item.sequence, item.status])).toEqual([
      ["FRST", "included"],
      ["FRST", "included"],
    ]);
    expect(reply.body.items.find((item) => item.invoiceId === partly.invoiceId)?.amount).toBe("40.00");
    expect(await auditCount("billing.remittance_generated", reply.body.id)).toBe(1);
    // Its invoices are taken: another build finds nothing.
    const again = await buildFor({ collectionDate: collectionDayIn(4) });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("Billing.NothingToCollect");
  });

  it("lists remittances and answers one, 404 for an unknown one", async () => {
    const page = await call<{ items: Remittance[]; totalCount: number }>(list, { path: "/api/remittances", token });
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(1);
    const [summary] = page.body.items;
    expect((await get(summary!.id)).body.items).toHaveLength(2);
    const missing = await get(unknownId);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("Billing.RemittanceNotFound");
  });
});

describe("the bank file", () => {
  it("is a pain.008.001.02 attachment that validates against the official XSD", async () => {
    const { items } = await call<{ items: Remittance[] }>(list, { path: "/api/remittances", token }).then(
      (r) => r.body,
    );
    const id = items[0]!.id;
    // The file is XML, not JSON: the handler is called as Next.js would, and its text read.
    const reply = await downloadFile(
      new Request(`http://localhost/api/remittances/${id}/file`, { headers: { authorization: `Bearer ${token}` } }),
      { params: Promise.resolve({ id }) },
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(reply.headers.get("content-disposition")).toMatch(/^attachment; filename="remesa-\d{4}-\d{2}-\d{2}-/);
    const xml = await reply.text();
    expect(await xmllint(xml, XSD)).toEqual({ valid: true, output: expect.stringContaining("validates") });
    expect(xml).toContain("<NbOfTxs>2</NbOfTxs>");
    expect(xml).toContain("<CtrlSum>89.90</CtrlSum>");
    expect(xml).toContain("<IBAN>ES7921000813610123456789</IBAN>");
    expect(xml).toContain("<SeqTp>FRST</SeqTp>");
    expect(xml).toMatch(/<EndToEndId>F\d{4}-\d{6}<\/EndToEndId>/);
  });

  it("answers 404 for an unknown remittance and 409 while the creditor is not set", async () => {
    const missing = await call<Remittance>(downloadFile, {
      path: `/api/remittances/${unknownId}/file`,
      params: { id: unknownId },
      token,
    });
    expect(missing.status).toBe(404);
    const { items } = await call<{ items: Remittance[] }>(list, { path: "/api/remittances", token }).then(
      (r) => r.body,
    );
    const id = items[0]!.id;
    await putSettings({ ...SETTINGS, creditorIdentifier: null });
    const unset = await call<Remittance>(downloadFile, { path: `/api/remittances/${id}/file`, params: { id }, token });
    expect(unset.status).toBe(409);
    expect(unset.body.code).toBe("Billing.CreditorNotConfigured");
    await putSettings({ ...SETTINGS, ...CREDITOR });
  });
});

describe("sending", () => {
  it("marks its invoices pending collection and first mandates recurring, once", async () => {
    const { items } = await call<{ items: Remittance[] }>(list, { path: "/api/remittances", token }).then(
      (r) => r.body,
    );
    const id = items[0]!.id;
    const invoiceIds = (await get(id)).body.items.map((item) => item.invoiceId);
    const reply = await sendOf(id);
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe("sent");
    expect(await statusesOf(invoiceIds)).toEqual(["pending_collection", "pending_collection"]);
    const mandates = await running.database.db
      .select({ sequence: sepaMandates.sequence })
      .from(sepaMandates)
      .innerJoin(remittanceItems, eq(remittanceItems.mandateId, sepaMandates.id))
      .where(eq(remittanceItems.remittanceId, id));
    expect(mandates.map((mandate) => mandate.sequence)).toEqual(["recurring", "recurring"]);
    expect(await auditCount("billing.remittance_sent", id)).toBe(1);
    const again = await sendOf(id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("Billing.RemittanceAlreadySent");
    const deleted = await remove(id);
    expect(deleted.status).toBe(409);
    expect(deleted.body.code).toBe("Billing.RemittanceAlreadySent");
    const payment = await call<{ code: string }>(pay, {
      path: "/",
      params: { id: invoiceIds[0]! },
      token,
      body: { amount: "1.00", method: "cash" },
    });
    expect(payment.body.code).toBe("Billing.InvoiceNotPayable");
    expect((await sendOf(unknownId)).status).toBe(404);
    expect((await remove(unknownId)).status).toBe(404);
  });

  it("takes chosen invoices only when all can be collected; a stale draft is refused, deleted and rebuilt", async () => {
    const chosen = await member();
    const other = await member(false);
    const refused = await buildFor({
      collectionDate: collectionDayIn(3),
      invoiceIds: [chosen.invoiceId, other.invoiceId],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("Billing.InvoicesNotCollectable");
    expect(await running.database.db.select().from(remittances)).toHaveLength(1);
    const draft = await buildFor({ collectionDate: collectionDayIn(3), invoiceIds: [chosen.invoiceId] });
    expect(draft.status).toBe(201);
    expect(draft.body.items.map((item) => item.invoiceId)).toEqual([chosen.invoiceId]);
    await call(pay, { path: "/", params: { id: chosen.invoiceId }, token, body: { amount: "10.00", method: "cash" } });
    const stale = await sendOf(draft.body.id);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("Billing.RemittanceOutdated");
    expect(await statusesOf([chosen.invoiceId])).toEqual(["partially_paid"]);
    expect((await remove(draft.body.id)).status).toBe(204);
    const rebuilt = await buildFor({ collectionDate: collectionDayIn(3), invoiceIds: [chosen.invoiceId] });
    expect(rebuilt.body).toMatchObject({ itemCount: 1, totalAmount: "39.90" });
  });

  it.runIf(process.env.DATABASE_URL)("sends a draft once when two requests race", async () => {
    await member();
    const draft = await buildFor({ collectionDate: collectionDayIn(5) });
    const replies = await Promise.all([sendOf(draft.body.id), sendOf(draft.body.id)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.status === 409)?.body.code).toBe("Billing.RemittanceAlreadySent");
    expect(await auditCount("billing.remittance_sent", draft.body.id)).toBe(1);
  });

  it.runIf(process.env.DATABASE_URL)("puts an invoice in one of two remittances built at once", async () => {
    await member();
    const replies = await Promise.all([
      buildFor({ collectionDate: collectionDayIn(5) }),
      buildFor({ collectionDate: collectionDayIn(6) }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.status === 409)?.body.code).toBe("Billing.NothingToCollect");
  });
});

/** A bank's debit notification returning the debits of these invoice numbers (camt.054, as Spanish banks send it). */
const camt054 = (
  returned: { number: string; amount: string; reason: string }[],
) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>DEV-1</MsgId><CreDtTm>2026-12-08T06:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>DEV-1-1</Id>
      <Acct><Id><IBAN>ES7921000813610123456789</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="EUR">1.00</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <NtryDtls>${returned
          .map(
            (debit) => `<TxDtls><Refs><EndToEndId>${debit.number}</EndToEndId></Refs>
            <AmtDtls><TxAmt><Amt Ccy="EUR">${debit.amount}</Amt></TxAmt></AmtDtls>
            <RtrInf><Rsn><Cd>${debit.reason}</Cd></Rsn></RtrInf></TxDtls>`,
          )
          .join("")}</NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;

type Report = {
  returned: { invoiceNumber: string; reasonCode: string; reason: string }[];
  alreadyReturned: string[];
  unknown: string[];
  collected?: number;
  code?: string;
  errors?: Record<string, string[]>;
};
const returnsTo = (id: string, body: object) =>
  call<Report>(importReturns, { path: `/api/remittances/${id}/returns`, params: { id }, token, body });
const settleOf = (id: string) =>
  call<Report>(settle, { path: `/api/remittances/${id}/settle`, method: "POST", params: { id }, token });
const invoiceState = async (id: string) => {
  const [row] = await running.database.db
    .select({ status: invoices.status, paidCents: invoices.paidCents })
    .from(invoices)
    .where(eq(invoices.id, id));
  const movements = await running.database.db
    .select({ kind: invoicePayments.kind, method: invoicePayments.method, amountCents: invoicePayments.amountCents })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, id));
  return { ...row, movements };
};

describe("returns and settlement", () => {
  let remittanceId: string;
  let items: Item[];

  it("are refused on a draft (Billing.RemittanceNotSent) and on an unknown remittance (404)", async () => {
    // Everything collectable so far is taken by earlier remittances: these three are this block's own.
    await Promise.all([member(), member(), member()]);
    const draft = await buildFor({ collectionDate: collectionDayIn(7) });
    expect(draft.status).toBe(201);
    remittanceId = draft.body.id;
    items = draft.body.items;
    const onDraft = await returnsTo(remittanceId, { invoiceNumber: items[0]!.invoiceNumber, reasonCode: "AM04" });
    expect(onDraft.status).toBe(409);
    expect(onDraft.body.code).toBe("Billing.RemittanceNotSent");
    expect((await settleOf(remittanceId)).body.code).toBe("Billing.RemittanceNotSent");
    for (const reply of [
      await returnsTo(unknownId, { invoiceNumber: "F2026-000001", reasonCode: "AM04" }),
      await settleOf(unknownId),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe("Billing.RemittanceNotFound");
    }
    expect((await sendOf(remittanceId)).status).toBe(200);
  });

  it("refuses bad input with 400 and errors, and an unreadable file, changing nothing", async () => {
    const bad = await returnsTo(remittanceId, { invoiceNumber: "12", reasonCode: "insufficient" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(["invoiceNumber", "reasonCode"]);
    expect((await returnsTo(remittanceId, {})).status).toBe(400);
    const unreadable = await returnsTo(remittanceId, { file: "<Document><Other/></Document>" });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.code).toBe("Billing.UnreadableReturnFile");
    // An element the XML parser refuses to build (it answered 500 before), and a reason code a typed one could not be.
    for (const file of [
      "<Document><BkToCstmrDbtCdtNtfctn><__proto__><x>1</x></__proto__></BkToCstmrDbtCdtNtfctn></Document>",
      `<Document><BkToCstmrDbtCdtNtfctn><Ntfctn><Ntry><Amt>49.90</Amt><NtryDtls><TxDtls><Refs><EndToEndId>${items[0]!.invoiceNumber}</EndToEndId></Refs><RtrInf><Rsn><Cd>&lt;img src=x&gt;</Cd></Rsn></RtrInf></TxDtls></NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`,
    ]) {
      const refused = await returnsTo(remittanceId, { file });
      expect([refused.status, refused.body.code]).toEqual([400, "Billing.UnreadableReturnFile"]);
    }
    expect((await get(remittanceId)).body.items.map((item) => item.status)).toEqual([
      "included",
      "included",
      "included",
    ]);
  });

  it("returns one debit by hand: its invoice is returned with the reason, once; unknown numbers are answered", async () => {
    const [first] = items;
    const body = { invoiceNumber: first!.invoiceNumber, reasonCode: "am04" };
    const reply = await returnsTo(remittanceId, body);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      returned: [{ invoiceNumber: first!.invoiceNumber, reasonCode: "AM04", reason: "Saldo insuficiente" }],
      alreadyReturned: [],
      unknown: [],
      returnFees: [],
    });
    expect(await invoiceState(first!.invoiceId)).toEqual({ status: "returned", paidCents: 0n, movements: [] });
    const item = (await get(remittanceId)).body.items.find((entry) => entry.invoiceId === first!.invoiceId);
    expect(item).toMatchObject({ status: "returned", returnReason: "AM04" });
    expect(await auditCount("billing.return_imported", first!.invoiceId)).toBe(1);
    expect((await returnsTo(remittanceId, body)).body).toEqual({
      returned: [],
      alreadyReturned: [first!.invoiceNumber],
      unknown: [],
      returnFees: [],
    });
    expect((await returnsTo(remittanceId, { invoiceNumber: "F2001-000001", reasonCode: "AM04" })).body.unknown).toEqual(
      ["F2001-000001"],
    );
    expect(await auditCount("billing.return_imported", first!.invoiceId)).toBe(1);
  });

  it("settles from the collection date on: the debits not returned are paid by direct debit, once", async () => {
    const early = await settleOf(remittanceId);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("Billing.RemittanceNotDue");
    await running.database.db
      .update(remittances)
      .set({ collectionDate: inDays(-1) })
      .where(eq(remittances.id, remittanceId));
    const settled = await settleOf(remittanceId);
    expect(settled.status).toBe(200);
    expect(settled.body).toEqual({ collected: 2 });
    const [, second, third] = items;
    for (const item of [second!, third!]) {
      expect(await invoiceState(item.invoiceId)).toEqual({
        status: "paid",
        paidCents: 4990n,
        movements: [{ kind: "payment", method: "direct_debit", amountCents: 4990n }],
      });
      expect(await auditCount("billing.payment_recorded", item.invoiceId)).toBe(1);
    }
    expect(await invoiceState(items[0]!.invoiceId)).toMatchObject({ status: "returned", paidCents: 0n });
    expect((await settleOf(remittanceId)).body).toEqual({ collected: 0 });
  });

  it("imports a bank file: a collected debit returned later takes its payment back; the same file twice changes nothing", async () => {
    const [, second] = items;
    const file = camt054([
      { number: second!.invoiceNumber, amount: "49.90", reason: "MD06" },
      { number: "F2001-000002", amount: "10.00", reason: "AM04" },
    ]);
    const reply = await returnsTo(remittanceId, { file });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      returned: [{ invoiceNumber: second!.invoiceNumber, reasonCode: "MD06", reason: expect.any(String) }],
      alreadyReturned: [],
      unknown: ["F2001-000002"],
      returnFees: [],
    });
    const after = await invoiceState(second!.invoiceId);
    expect(after).toMatchObject({ status: "returned", paidCents: 0n });
    expect(after.movements.map((movement) => movement.kind)).toEqual(["payment", "refund"]);
    const again = await returnsTo(remittanceId, { file });
    expect(again.body).toEqual({
      returned: [],
      alreadyReturned: [second!.invoiceNumber],
      unknown: ["F2001-000002"],
      returnFees: [],
    });
    expect(await invoiceState(second!.invoiceId)).toEqual(after);
  });

  it("imports a pain.002 rejection of a debit not yet collected", async () => {
    const debtor = await member();
    const draft = await buildFor({ collectionDate: collectionDayIn(9), invoiceIds: [debtor.invoiceId] });
    const [item] = draft.body.items;
    expect((await sendOf(draft.body.id)).status).toBe(200);
    const file = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>RECH-1</MsgId><CreDtTm>2026-12-03T08:12:44</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>${draft.body.messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>X</OrgnlPmtInfId>
      <TxInfAndSts>
        <OrgnlEndToEndId>${item!.invoiceNumber}</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf><Rsn><Cd>AC04</Cd></Rsn></StsRsnInf>
        <OrgnlTxRef><Amt><InstdAmt Ccy="EUR">49.90</InstdAmt></Amt></OrgnlTxRef>
      </TxInfAndSts>
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;
    const reply = await returnsTo(draft.body.id, { file });
    expect(reply.body).toEqual({
      returned: [{ invoiceNumber: item!.invoiceNumber, reasonCode: "AC04", reason: "Cuenta cancelada" }],
      alreadyReturned: [],
      unknown: [],
      returnFees: [],
    });
    expect(await invoiceState(debtor.invoiceId)).toEqual({ status: "returned", paidCents: 0n, movements: [] });
  });

  it("returns every debit of a remittance the bank rejected whole, and settling it then books none of them", async () => {
    const debtors = [await member(), await member()];
    const draft = await buildFor({
      collectionDate: collectionDayIn(10),
      invoiceIds: debtors.map((debtor) => debtor.invoiceId),
    });
    expect((await sendOf(draft.body.id)).status).toBe(200);
    const rejectedWhole = (messageId: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>RECH-2</MsgId><CreDtTm>2026-12-03T08:12:44</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId><GrpSts>RJCT</GrpSts>
      <StsRsnInf><Rsn><Cd>FF01</Cd></Rsn></StsRsnInf></OrgnlGrpInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;
    // A report on another remittance's message is not applied to this one.
    const other = await returnsTo(draft.body.id, { file: rejectedWhole("ANOTHER-MESSAGE") });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("Billing.ReturnFileForOtherRemittance");
    expect(await invoiceState(debtors[0]!.invoiceId)).toMatchObject({ status: "pending_collection" });

    const reply = await returnsTo(draft.body.id, { file: rejectedWhole(draft.body.messageId) });
    expect(reply.status).toBe(200);
    expect(reply.body.returned).toEqual(
      draft.body.items.map((item) => ({
        invoiceNumber: item.invoiceNumber,
        reasonCode: "FF01",
        reason: expect.any(String),
      })),
    );
    // Its collection date come, settling it collects nothing: the money never arrived.
    await running.database.db
      .update(remittances)
      .set({ collectionDate: inDays(-1) })
      .where(eq(remittances.id, draft.body.id));
    const settled = await settleOf(draft.body.id);
    expect([settled.status, settled.body]).toEqual([200, { collected: 0 }]);
    for (const debtor of debtors) {
      expect(await invoiceState(debtor.invoiceId)).toEqual({ status: "returned", paidCents: 0n, movements: [] });
    }
  });

  it("refuses bad list queries and ids with 400", async () => {
    const page = await call<Report>(list, { path: "/api/remittances?orderBy=amount", token });
    expect(page.status).toBe(400);
    expect(Object.keys(page.body.errors ?? {})).toEqual(["orderBy"]);
    const badId = await call<Report>(getRemittance, { path: "/api/remittances/x", params: { id: "x" }, token });
    expect(badId.status).toBe(400);
    expect(Object.keys(badId.body.errors ?? {})).toEqual(["id"]);
  });

  it("lets a returned invoice be collected again in a new remittance", async () => {
    const rebuilt = await buildFor({ collectionDate: collectionDayIn(8) });
    expect(rebuilt.status).toBe(201);
    const collected = rebuilt.body.items.map((item) => item.invoiceId);
    expect(collected).toEqual(expect.arrayContaining([items[0]!.invoiceId, items[1]!.invoiceId]));
    expect(rebuilt.body.items.every((item) => item.sequence === "RCUR")).toBe(true);
  });
});
