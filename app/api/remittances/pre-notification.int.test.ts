import "@/tests/support/isolated-env";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderEmail } from "@/emails/render";
import { addDays, collectionDateFrom } from "@/lib/billing/collections/collection-date";
import { maskIban } from "@/lib/billing/sepa/identifiers";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, debitNotices, invoices, mailOutbox, sepaMandates } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import {
  addMandateOk,
  CLUB_CREDITOR,
  CLUB_SETTINGS,
  CLUB_TAX_DATA,
  goldPlan,
  notifyDebitsAt,
  putSettingsOk,
} from "@/tests/support/billing";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as pay } from "../invoices/[id]/payments/route";
import { POST as refund } from "../invoices/[id]/refunds/route";
import { POST as issueInvoice } from "../invoices/route";
import { POST as runJob } from "../jobs/[name]/run/route";
import { POST as revokeMandate } from "../members/[id]/mandates/[mandateId]/revoke/route";
import { POST as subscribe } from "../members/[id]/subscriptions/route";
import { POST as createMember } from "../members/route";
import { PUT as updateSettings } from "../settings/route";
import { POST as importReturns } from "./[id]/returns/route";
import { POST as send } from "./[id]/send/route";
import { GET as listCandidates } from "./candidates/route";
import { POST as build } from "./route";

/**
 * The pre-notification of direct debits (docs/billing.md, Pre-notification; EPC SDD Core rulebook): a mandate member's
 * invoice is due no sooner than the notice period after its issue, the notify-debits job tells each member once of
 * their coming debits, and a remittance collects only debits announced for its date or earlier.
 */
const ZONE = "Europe/Madrid";
const IBAN = "ES9121000418450200051332";
const SETTINGS = { ...CLUB_SETTINGS, taxData: CLUB_TAX_DATA, ...CLUB_CREDITOR };
const DIRECT_DEBIT = { collectionDay: null, representAfterDays: 0 };

let running: Platform;
let token: string;
let gold: string;
let sequence = 0;

const today = () => localDate(new Date(), ZONE);
const db = () => running.database.db;

const putSettings = (body: object) =>
  call<Record<string, unknown>>(updateSettings, { path: "/api/settings", method: "PUT", token, body });

/** A member subscribed to Gold (49.90), with a mandate when asked, in `language`: their term's invoice. */
async function subscribed(withMandate: boolean, language: "es" | "en" = "es") {
  sequence += 1;
  const member = await call<{ id: string }>(createMember, {
    path: "/api/members",
    token,
    body: { firstName: "Maite", lastName: `Olano${sequence}`, email: `notice${sequence}@club.example`, language },
  });
  expect(member.status).toBe(201);
  const memberId = member.body.id;
  if (withMandate) await addMandateOk(token, memberId, IBAN);
  const term = await call(subscribe, {
    path: `/api/members/${memberId}/subscriptions`,
    params: { id: memberId },
    token,
    body: { planId: gold, billingPeriod: "monthly" },
  });
  expect(term.status).toBe(201);
  const [invoice] = await db()
    .select({ id: invoices.id, dueOn: invoices.dueOn, series: invoices.series, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.memberId, memberId));
  return { memberId, invoice: invoice! };
}

const noticesOf = (invoiceId: string) =>
  db()
    .select()
    .from(debitNotices)
    .where(eq(debitNotices.invoiceId, invoiceId))
    .orderBy(asc(debitNotices.presentation), asc(debitNotices.revision));

const noticeMails = (to: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, "debit-notice"), eq(mailOutbox.toAddress, to)));

type Candidates = {
  count: number;
  items: { invoiceId: string }[];
  awaitingNotice: { count: number; earliestCollectionDate: string | null };
};
const candidatesFor = async (collectionDate: string) => {
  const reply = await call<Candidates>(listCandidates, {
    path: `/api/remittances/candidates?collectionDate=${collectionDate}`,
    method: "GET",
    token,
  });
  expect(reply.status).toBe(200);
  return reply.body;
};

const buildFor = (body: object) =>
  call<{ id: string; items: { invoiceId: string; invoiceNumber: string }[] }>(build, {
    path: "/api/remittances",
    token,
    body,
  });

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  await putSettingsOk(token, SETTINGS);
  gold = await goldPlan(db());
});
afterAll(() => stopPlatform());

describe("the notice period setting", () => {
  it("is 14 days by default, 1 to 30, and kept when a PUT leaves it out", async () => {
    const shown = await putSettings({ ...SETTINGS, directDebit: DIRECT_DEBIT });
    expect(shown.status).toBe(200);
    expect(shown.body.directDebit).toMatchObject({ preNotificationDays: 14 });
    for (const preNotificationDays of [0, 31, 1.5, "14", null]) {
      const refused = await putSettings({ ...SETTINGS, directDebit: { ...DIRECT_DEBIT, preNotificationDays } });
      expect(refused.status, String(preNotificationDays)).toBe(400);
      expect(Object.keys(refused.body.errors as object)).toEqual(["directDebit.preNotificationDays"]);
    }
    const saved = await putSettings({ ...SETTINGS, directDebit: { ...DIRECT_DEBIT, preNotificationDays: 20 } });
    expect(saved.body.directDebit).toMatchObject({ preNotificationDays: 20 });
    const kept = await putSettings({ ...SETTINGS, directDebit: DIRECT_DEBIT });
    expect(kept.body.directDebit).toMatchObject({ preNotificationDays: 20 });
    const back = await putSettings({ ...SETTINGS, directDebit: { ...DIRECT_DEBIT, preNotificationDays: 14 } });
    expect(back.body.directDebit).toMatchObject({ preNotificationDays: 14 });
  });
});

describe("a mandate member's invoice", () => {
  it("is due 14 days after issue (the next TARGET2 business day), a desk member's at once", async () => {
    const debited = await subscribed(true);
    const desk = await subscribed(false);
    expect(debited.invoice.dueOn).toBe(collectionDateFrom(addDays(today(), 14), null));
    expect(desk.invoice.dueOn).toBe(today());
  });

  it("is due on the club's collection day after those 14 days when one is set", async () => {
    const collectionDay = 5;
    await putSettings({ ...SETTINGS, directDebit: { ...DIRECT_DEBIT, collectionDay } });
    const debited = await subscribed(true);
    expect(debited.invoice.dueOn).toBe(collectionDateFrom(addDays(today(), 14), collectionDay));
    expect(debited.invoice.dueOn >= addDays(today(), 14)).toBe(true);
    await putSettings({ ...SETTINGS, directDebit: { ...DIRECT_DEBIT, preNotificationDays: 14 } });
  });
});

describe("the notify-debits job", () => {
  it("emails each member once, in their language, the invoices, total, date, mandate, creditor and masked account", async () => {
    await notifyDebitsAt(running); // what the tests above issued
    const spanish = await subscribed(true, "es");
    await subscribed(true, "en");
    const desk = await subscribed(false, "es");
    const dueOn = spanish.invoice.dueOn;

    const outcome = await notifyDebitsAt(running);
    expect(outcome).toEqual({ notified: 2, mailed: 2 });
    expect(await noticesOf(desk.invoice.id)).toEqual([]);

    const [notice] = await noticesOf(spanish.invoice.id);
    const [mandate] = await db()
      .select({ id: sepaMandates.id, reference: sepaMandates.reference })
      .from(sepaMandates)
      .where(eq(sepaMandates.memberId, spanish.memberId));
    expect(notice).toMatchObject({
      mandateId: mandate!.id,
      presentation: 0,
      collectionDate: dueOn,
      amountCents: 4990n,
    });
    const [mail] = await noticeMails(`notice${sequence - 2}@club.example`);
    expect(mail?.id).toBe(notice!.mailId);
    expect(mail?.props).toMatchObject({
      collectionDate: dueOn,
      total: "49.90",
      currency: "EUR",
      mandateReference: mandate!.reference,
      creditorIdentifier: CLUB_CREDITOR.creditorIdentifier,
      maskedIban: maskIban(IBAN),
      language: "es",
      invoices: [{ amount: "49.90" }],
    });
    const rendered = await renderEmail("debit-notice", mail!.props);
    if (!rendered.ok) throw new Error(rendered.error.message);
    const [year, month, day] = dueOn.split("-").map(Number) as [number, number, number];
    const spanishDate = new Intl.DateTimeFormat("es-ES", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(Date.UTC(year, month - 1, day)),
    );
    expect(rendered.value.subject).toContain(spanishDate);
    for (const value of [
      "49,90",
      mandate!.reference,
      CLUB_CREDITOR.creditorIdentifier,
      "ES91 **** **** **** **** 1332",
    ])
      expect(rendered.value.text).toContain(value);

    const [englishMail] = await noticeMails(`notice${sequence - 1}@club.example`);
    expect(englishMail?.props).toMatchObject({ language: "en" });
    const englishText = await renderEmail("debit-notice", englishMail!.props);
    expect(englishText.ok && englishText.value.subject).toContain("will collect your direct debit");

    const audited = await db()
      .select({ data: auditOutbox.data })
      .from(auditOutbox)
      .where(and(eq(auditOutbox.action, "billing.debit_notice_queued"), eq(auditOutbox.entityId, spanish.invoice.id)));
    expect(audited).toHaveLength(1);

    // Once: a second run sends nothing more.
    expect(await notifyDebitsAt(running)).toEqual({ notified: 0, mailed: 0 });
    expect(await noticeMails(`notice${sequence - 2}@club.example`)).toHaveLength(1);
  });

  it("lists all of a member's waiting invoices in one email, with their total", async () => {
    const { memberId, invoice } = await subscribed(true);
    const locker = await call(issueInvoice, {
      path: "/api/invoices",
      token,
      body: { memberId, lines: [{ description: "Taquilla", amount: "15.00" }] },
    });
    expect(locker.status).toBe(201);
    expect(await notifyDebitsAt(running)).toMatchObject({ notified: 2, mailed: 1 });
    const [mail] = await noticeMails(`notice${sequence}@club.example`);
    expect(mail?.props).toMatchObject({ total: "64.90" });
    expect((mail!.props as { invoices: unknown[] }).invoices).toHaveLength(2);
    expect((await noticesOf(invoice.id))[0]?.mailId).toBe(mail?.id);
  });

  it("announces today + the period when the invoice is already due, and runs from POST /api/jobs/notify-debits/run", async () => {
    await putSettings({ ...SETTINGS, directDebit: { ...DIRECT_DEBIT, preNotificationDays: 1 } });
    const { invoice } = await subscribed(true);
    await putSettings({ ...SETTINGS, directDebit: { ...DIRECT_DEBIT, preNotificationDays: 14 } });
    // Due tomorrow (one day's period at issue); told today with 14 days: announced 14 days out.
    const reply = await call<{ outcome: Record<string, number> }>(runJob, {
      path: "/api/jobs/notify-debits/run",
      params: { name: "notify-debits" },
      token,
      body: {},
    });
    expect(reply.status).toBe(200);
    expect(reply.body.outcome).toMatchObject({ notified: 1, mailed: 1 });
    const [notice] = await noticesOf(invoice.id);
    expect(notice?.collectionDate).toBe(collectionDateFrom(addDays(today(), 14), null));
  });

  it("sends one notice per invoice when two runs race (debit_notices_revision_once)", async () => {
    const members = await Promise.all([subscribed(true), subscribed(true), subscribed(true)]);
    const outcomes = await Promise.all([notifyDebitsAt(running), notifyDebitsAt(running), notifyDebitsAt(running)]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.notified, 0)).toBe(3);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.mailed, 0)).toBe(3);
    for (const { invoice } of members) {
      expect(await noticesOf(invoice.id)).toHaveLength(1);
    }
  });
});

/** A payment on the invoice, or (`undo`) a refund that undoes one recorded by mistake, so it is owed again. */
const movement = async (invoiceId: string, kind: "pay" | "undo", amount: string) => {
  const reply = await call(kind === "pay" ? pay : refund, {
    path: `/api/invoices/${invoiceId}/${kind === "pay" ? "payments" : "refunds"}`,
    params: { id: invoiceId },
    token,
    body: { amount, method: "cash", ...(kind === "undo" && { reopensInvoice: true }) },
  });
  expect(reply.status).toBe(201);
};

describe("a notice that no longer holds", () => {
  it("is sent again, saying so, when the amount owed rises above it; the debit waits for the new date", async () => {
    const { memberId, invoice } = await subscribed(true, "en");
    await movement(invoice.id, "pay", "20.00");
    await notifyDebitsAt(running);
    const [first] = await noticesOf(invoice.id);
    expect(first).toMatchObject({ revision: 0, amountCents: 2990n });
    // The desk payment was a mistake: undone, the member owes 49.90, more than they were told.
    await movement(invoice.id, "undo", "20.00");
    expect((await candidatesFor(first!.collectionDate)).items.map((item) => item.invoiceId)).not.toContain(invoice.id);
    expect((await buildFor({ collectionDate: first!.collectionDate, invoiceIds: [invoice.id] })).status).toBe(409);

    expect(await notifyDebitsAt(running)).toMatchObject({ notified: 1, mailed: 1 });
    expect(await notifyDebitsAt(running)).toMatchObject({ notified: 0 });
    const notices = await noticesOf(invoice.id);
    expect(notices.map((notice) => [notice.revision, notice.amountCents])).toEqual([
      [0, 2990n],
      [1, 4990n],
    ]);
    // One email per notice, the second saying it replaces the first.
    const mails = await Promise.all(
      notices.map(async (notice) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, notice.mailId)))[0]),
    );
    expect(mails.map((mail) => (mail?.props as { replacesEarlier?: boolean } | undefined)?.replacesEarlier)).toEqual([
      false,
      true,
    ]);
    const rendered = await renderEmail("debit-notice", mails[1]?.props);
    if (!rendered.ok) throw new Error(rendered.error.message);
    expect(rendered.value.text).toContain("This notice replaces the one we sent you before");
    expect(rendered.value.text).toContain("49.90");
    const audited = await db()
      .select({ data: auditOutbox.data })
      .from(auditOutbox)
      .where(and(eq(auditOutbox.entityId, invoice.id), eq(auditOutbox.action, "billing.debit_notice_queued")));
    const byRevision = audited.map((entry) => entry.data as { revision: number });
    expect(byRevision.sort((a, b) => a.revision - b.revision)).toEqual([
      expect.objectContaining({ amount: "29.90", revision: 0 }),
      expect.objectContaining({ amount: "49.90", revision: 1, memberId }),
    ]);
    const built = await buildFor({ collectionDate: notices[1]!.collectionDate, invoiceIds: [invoice.id] });
    expect(built.status).toBe(201);
  });

  it("holds when the amount owed falls, and is sent again naming the new mandate when the member's mandate is replaced", async () => {
    const { memberId, invoice } = await subscribed(true);
    await notifyDebitsAt(running);
    await movement(invoice.id, "pay", "9.90");
    expect(await notifyDebitsAt(running)).toMatchObject({ notified: 0 });

    const [mandate] = await db().select().from(sepaMandates).where(eq(sepaMandates.memberId, memberId));
    const revoked = await call(revokeMandate, {
      path: `/api/members/${memberId}/mandates/${mandate!.id}/revoke`,
      params: { id: memberId, mandateId: mandate!.id },
      token,
      body: {},
    });
    expect(revoked.status).toBe(200);
    await addMandateOk(token, memberId, "ES7921000813610123456789");
    const [replacement] = await db()
      .select()
      .from(sepaMandates)
      .where(and(eq(sepaMandates.memberId, memberId), eq(sepaMandates.status, "active")));

    expect(await notifyDebitsAt(running)).toMatchObject({ notified: 1 });
    const notices = await noticesOf(invoice.id);
    expect(notices.map((notice) => [notice.revision, notice.mandateId, notice.amountCents])).toEqual([
      [0, mandate!.id, 4990n],
      [1, replacement!.id, 4000n],
    ]);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, notices[1]!.mailId));
    expect(mail?.props).toMatchObject({
      mandateReference: replacement!.reference,
      total: "40.00",
      replacesEarlier: true,
    });
  });
});

describe("a remittance", () => {
  it("leaves out a debit nobody was told of, and collects it on the date announced", async () => {
    const { invoice } = await subscribed(true);
    // Before the job: due on that date, but not notified at all.
    const unnotified = await candidatesFor(invoice.dueOn);
    expect(unnotified.items.map((item) => item.invoiceId)).not.toContain(invoice.id);
    expect(unnotified.awaitingNotice.count).toBeGreaterThanOrEqual(1);
    expect((await buildFor({ collectionDate: invoice.dueOn, invoiceIds: [invoice.id] })).status).toBe(409);

    await notifyDebitsAt(running);
    const [notice] = await noticesOf(invoice.id);
    expect(notice?.collectionDate).toBe(invoice.dueOn);
    const on = await candidatesFor(notice!.collectionDate);
    expect(on.items.map((item) => item.invoiceId)).toContain(invoice.id);
    const built = await buildFor({ collectionDate: notice!.collectionDate, invoiceIds: [invoice.id] });
    expect(built.status).toBe(201);
    expect(built.body.items.map((item) => item.invoiceId)).toEqual([invoice.id]);
  });

  it("counts the debits awaiting a notice with the earliest date announced", async () => {
    await putSettings({ ...SETTINGS, directDebit: { ...DIRECT_DEBIT, preNotificationDays: 1 } });
    const { invoice } = await subscribed(true);
    await putSettings({ ...SETTINGS, directDebit: { ...DIRECT_DEBIT, preNotificationDays: 14 } });
    await notifyDebitsAt(running); // announced 14 days out, though due tomorrow
    const [notice] = await noticesOf(invoice.id);
    const date = collectionDateFrom(addDays(today(), 3), null);
    const answer = await candidatesFor(date);
    expect(answer.items.map((item) => item.invoiceId)).not.toContain(invoice.id);
    expect(answer.awaitingNotice.count).toBeGreaterThanOrEqual(1);
    expect(answer.awaitingNotice.earliestCollectionDate).toBe(notice!.collectionDate);
    // Due by then, but announced for later: refused, so the member is not charged earlier than told.
    expect((await buildFor({ collectionDate: date, invoiceIds: [invoice.id] })).status).toBe(409);
    const built = await buildFor({ collectionDate: notice!.collectionDate, invoiceIds: [invoice.id] });
    expect(built.status).toBe(201);
  });

  it("presents a returned debit again only after a new notice", async () => {
    const { invoice } = await subscribed(true);
    await notifyDebitsAt(running);
    const [first] = await noticesOf(invoice.id);
    const draft = await buildFor({ collectionDate: first!.collectionDate, invoiceIds: [invoice.id] });
    expect(draft.status).toBe(201);
    const id = draft.body.id;
    expect(
      (await call(send, { path: `/api/remittances/${id}/send`, method: "POST", params: { id }, token })).status,
    ).toBe(200);
    const returned = await call(importReturns, {
      path: `/api/remittances/${id}/returns`,
      params: { id },
      token,
      body: { invoiceNumber: draft.body.items[0]!.invoiceNumber, reasonCode: "AM04" },
    });
    expect(returned.status).toBe(200);

    const later = addDays(first!.collectionDate, 30);
    const collectionDate = collectionDateFrom(later, null);
    // The old notice announced a collection that came back: not enough, even for a date well after it.
    expect((await candidatesFor(collectionDate)).items.map((item) => item.invoiceId)).not.toContain(invoice.id);
    expect((await buildFor({ collectionDate, invoiceIds: [invoice.id] })).status).toBe(409);

    expect(await notifyDebitsAt(running)).toMatchObject({ notified: 1 });
    const notices = await noticesOf(invoice.id);
    expect(notices.map((notice) => notice.presentation)).toEqual([0, 1]);
    expect(notices[1]!.collectionDate).toBe(collectionDateFrom(addDays(today(), 14), null));
    const again = await buildFor({ collectionDate, invoiceIds: [invoice.id] });
    expect(again.status).toBe(201);
    expect(await db().select().from(mailOutbox).where(like(mailOutbox.dedupeKey, "debit-notice:%"))).not.toHaveLength(
      0,
    );
  });
});
