import { asc, eq, like } from "drizzle-orm";
import { expect } from "vitest";
import { POST as pay } from "@/app/api/invoices/[id]/payments/route";
import { GET as downloadPdf } from "@/app/api/invoices/[id]/pdf/route";
import { POST as refund } from "@/app/api/invoices/[id]/refunds/route";
import { POST as addMandate } from "@/app/api/members/[id]/mandates/route";
import { POST as enroll } from "@/app/api/members/enroll/route";
import { PUT as updateSettings } from "@/app/api/settings/route";
import { notifyDebits } from "@/lib/billing/collections/debit-notices";
import { processDunning } from "@/lib/billing/dunning/job";
import { issueInvoices, type LineDraft } from "@/lib/billing/issue";
import { invoiceNumber } from "@/lib/billing/numbering";
import { nextTarget2BusinessDay } from "@/lib/billing/sepa/target2";
import { clubLetter } from "@/lib/mail/recipient-language";
import { instantOf, localDate } from "@/lib/platform/calendar";
import { type Platform, platform } from "@/lib/platform/container";
import type { Database } from "@/lib/platform/db";
import { invoices, mailOutbox, plans } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { PEER_ADDRESS_HEADER } from "@/lib/platform/http/client-ip";
import { completeSetup } from "./accounts";
import { call, randomIp } from "./api";
import { resetDatabase } from "./reset-database";

/** The club's tax data the billing tests start billing with: a valid CIF, an address in Altea (Alicante). */
export const CLUB_TAX_DATA = {
  legalName: "Club Náutico de Altea",
  taxId: "G28029643",
  address: { line: "Muelle 1", postalCode: "03590", city: "Altea", province: "Alicante" },
};

/** Settings of a Spanish club in Madrid's time zone without its tax data (billing not started). */
export const CLUB_SETTINGS = { clubName: "Club Náutico", language: "es", timeZone: "Europe/Madrid", currency: "EUR" };

/** The club's SEPA creditor identifier and collection account, for the tests that collect by direct debit. */
export const CLUB_CREDITOR = { creditorIdentifier: "ES97000B12345678", collectionIban: "ES7921000813610123456789" };

/** A SEPA mandate for `memberId` through POST /api/members/{id}/mandates, signed on 15 January 2026, expecting it saved. */
export async function addMandateOk(token: string, memberId: string, iban = "ES9121000418450200051332") {
  const reply = await call(addMandate, {
    path: `/api/members/${memberId}/mandates`,
    params: { id: memberId },
    token,
    body: { iban, signedOn: "2026-01-15" },
  });
  expect(reply.status).toBe(201);
}

/** Runs the dunning job as the scheduler would at `now`, on the club's letter. */
export async function dunningAt(platform: Platform, now: Date) {
  const db = platform.database.db;
  return processDunning({ db, club: await clubLetter(db, platform.config) }, now);
}

/**
 * Runs the notify-debits job as the scheduler would at `now`: the pre-notification every debit needs before a
 * remittance may collect it (lib/billing/collections/debit-notices.ts). Tests that build remittances run it first.
 */
export async function notifyDebitsAt(platform: Platform, now = new Date()) {
  const db = platform.database.db;
  return notifyDebits({ db, club: await clubLetter(db, platform.config) }, now);
}

/**
 * The direct debit settings of tests that are not about the pre-notification: debtors told one day ahead (the
 * shortest period a mandate may agree), so a remittance a few days out collects what notifyDebitsAt announced today.
 */
export const SHORT_NOTICE = { collectionDay: null, representAfterDays: 0, preNotificationDays: 1 };

/** The payment reminders queued for an invoice, by their dedupe key (`dunning:<invoice>:<day>`), in order. */
export const dunningReminders = (db: Database, invoiceId: string) =>
  db
    .select({ key: mailOutbox.dedupeKey, props: mailOutbox.props })
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `dunning:${invoiceId}:%`))
    .orderBy(asc(mailOutbox.dedupeKey));

/** PUT /api/settings, expecting it saved; by default the club's settings with its tax data, so billing starts. */
export async function putSettingsOk(token: string, body: object = { ...CLUB_SETTINGS, taxData: CLUB_TAX_DATA }) {
  const reply = await call<Record<string, unknown>>(updateSettings, {
    path: "/api/settings",
    method: "PUT",
    token,
    body,
  });
  expect(reply.status).toBe(200);
  return reply.body;
}

/** The plan the billing tests enrol on: Gold, 49.90 a month, IVA included at the default 21 %. */
/**
 * The usual start of a billing test file: the platform on a fresh database, its super-administrator's token, billing
 * started with `settings` (putSettingsOk's) and the Gold plan's id.
 */
export async function billingClub(settings?: object) {
  const running = await platform();
  await resetDatabase(running.database);
  const token = await completeSetup();
  await putSettingsOk(token, settings);
  return { running, token, gold: await goldPlan(running.database.db) };
}

export async function goldPlan(db: Database): Promise<string> {
  const [plan] = await db.insert(plans).values({ name: "Gold", code: "GOLD", monthlyPrice: "49.90" }).returning();
  return plan!.id;
}

type NewMember = {
  firstName: string;
  lastName: string;
  email: string;
  language?: "en" | "es" | null;
  taxId?: string;
};

/** Enrols a member monthly on `planId` through POST /api/members/enroll; answers the member's id. */
export async function enrol(token: string, planId: string, member: NewMember): Promise<string> {
  const reply = await call<{ member: { id: string } }>(enroll, {
    path: "/api/members/enroll",
    token,
    body: { member, subscription: { planId, billingPeriod: "monthly" } },
  });
  expect(reply.status).toBe(201);
  return reply.body.member.id;
}

/** Enrols a member (enrol) once billing has started: with the invoice the enrolment issued, open and due today. */
export async function enrolInvoiced(db: Database, token: string, planId: string, member: NewMember) {
  const memberId = await enrol(token, planId, member);
  const [invoice] = await db
    .select({
      id: invoices.id,
      dueOn: invoices.dueOn,
      series: invoices.series,
      year: invoices.year,
      number: invoices.number,
    })
    .from(invoices)
    .where(eq(invoices.memberId, memberId));
  if (!invoice) throw new Error("the enrolment issued no invoice: has billing started?");
  return {
    memberId,
    invoiceId: invoice.id,
    dueOn: invoice.dueOn,
    number: invoiceNumber(invoice.series, invoice.year, invoice.number),
  };
}

/** GET /api/invoices/{id}/pdf, its bytes read whole. */
export async function downloadInvoicePdf(token: string, id: string) {
  const response = await downloadPdf(
    new Request(`http://localhost/api/invoices/${id}/pdf`, {
      headers: { authorization: `Bearer ${token}`, [PEER_ADDRESS_HEADER]: randomIp() },
    }),
    { params: Promise.resolve({ id }) },
  );
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** A collection date banks take: the first TARGET2 business day on or after `days` from today in Madrid. */
export const collectionDayIn = (days: number) =>
  nextTarget2BusinessDay(localDate(new Date(Date.now() + days * 86_400_000), "Europe/Madrid"));

/** Madrid's wall clock on `date` ("2026-03-31") at `time` ("23:30"): the instant a crafted invoice is issued at. */
export function madridTime(date: string, time: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return instantOf({ year, month, day, hour, minute, second: 0, millisecond: 0 }, "Europe/Madrid");
}

/** Records a payment or a refund on an invoice through the API as `token`, expecting it recorded. */
export function moneyRecorder(token: () => string) {
  const record = (handler: typeof pay, action: string) => async (id: string, body: object) => {
    const reply = await call(handler, { path: `/api/invoices/${id}/${action}`, params: { id }, token: token(), body });
    expect(reply.status).toBe(201);
  };
  return { payOn: record(pay, "payments"), refundOn: record(refund, "refunds") };
}

type CraftedInvoice = {
  issuedAt: Date;
  memberId: string;
  customer: { name: string; taxId: string | null; email: string };
  lines: LineDraft[];
  /** The invoice a rectifying one (series R) corrects; null for an invoice (series F). */
  rectifies: string | null;
  dueOn: string;
};

/** Issues an invoice at an instant of the test's choosing, in Madrid, by the club of CLUB_TAX_DATA: a crafted data set. */
export async function issueCrafted(db: Database, invoice: CraftedInvoice): Promise<string> {
  const { issuedAt, rectifies } = invoice;
  const [issued] = await commitWhatever(db, (tx) =>
    issueInvoices(
      tx,
      { kind: rectifies ? "rectifying" : "invoice", issuedAt, timeZone: "Europe/Madrid", actorId: null },
      [
        {
          memberId: invoice.memberId,
          subscriptionId: null,
          rectifies: rectifies ? { invoiceId: rectifies, reason: "Descuento" } : null,
          language: "es",
          currency: "EUR",
          issuer: { ...CLUB_TAX_DATA, address: { ...CLUB_TAX_DATA.address, country: "ES" } },
          customer: { ...invoice.customer, address: null },
          dueOn: invoice.dueOn,
          lines: invoice.lines,
        },
      ],
    ),
  );
  if (!issued) throw new Error("nothing issued");
  return issued.id;
}
