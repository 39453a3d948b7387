import "@/tests/support/isolated-env";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as pay } from "@/app/api/invoices/[id]/payments/route";
import { POST as rectify } from "@/app/api/invoices/[id]/rectifications/route";
import { POST as writeOff } from "@/app/api/invoices/[id]/write-off/route";
import { POST as runJob } from "@/app/api/jobs/[name]/run/route";
import { PUT as changeStatus } from "@/app/api/members/[id]/status/route";
import { GET as readSettings, PUT as updateSettings } from "@/app/api/settings/route";
import { renderEmail } from "@/emails/render";
import { issueInvoices } from "@/lib/billing/issue";
import type { Customer, Issuer } from "@/lib/billing/parties";
import { clubLetter } from "@/lib/mail/recipient-language";
import { instantOf } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, dunningSuspensions, invoices, mailOutbox, members } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { CLUB_SETTINGS, CLUB_TAX_DATA, enrolInvoiced, goldPlan, putSettingsOk } from "@/tests/support/billing";
import { resetDatabase } from "@/tests/support/reset-database";
import { type DunningOutcome, processDunning } from "./job";

const ZONE = "Europe/Madrid";
const SETTINGS = { ...CLUB_SETTINGS, taxData: CLUB_TAX_DATA };

let running: Platform;
let token: string;
let gold: string;
let sequence = 0;

/** The day `days` after `date` (YYYY-MM-DD) at `time` on Madrid's wall clock. */
function madrid(date: string, days: number, time = "09:00"): Date {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return instantOf(
    {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour,
      minute,
      second: 0,
      millisecond: 0,
    },
    ZONE,
  );
}

async function dunningAt(now: Date): Promise<DunningOutcome> {
  const db = running.database.db;
  return processDunning({ db, club: await clubLetter(db, running.config) }, now);
}

/** Enrols a member on Gold (49.90 a month): their first invoice, open and due today. */
function enrolled(language: "en" | "es" | null = null) {
  sequence += 1;
  const late = { firstName: "Pau", lastName: `Soler${sequence}`, email: `late${sequence}@club.example`, language };
  return enrolInvoiced(running.database.db, token, gold, late);
}

/** Issues the member another invoice of 49.90, due on `dueOn`: invoices cannot be changed, so a due date is chosen at issue. */
async function anotherInvoice(member: { memberId: string; invoiceId: string }, issuedAt: Date, dueOn: string) {
  const [first] = await running.database.db
    .select({ issuer: invoices.issuer, customer: invoices.customer })
    .from(invoices)
    .where(eq(invoices.id, member.invoiceId));
  const [issued] = await commitWhatever(running.database.db, (tx) =>
    issueInvoices(tx, { kind: "invoice", issuedAt, timeZone: ZONE, actorId: null }, [
      {
        memberId: member.memberId,
        subscriptionId: null,
        rectifies: null,
        language: "es",
        currency: "EUR",
        issuer: first!.issuer as Issuer,
        customer: first!.customer as Customer,
        dueOn,
        lines: [
          {
            description: "Cuota",
            planId: null,
            serviceFrom: dueOn,
            serviceTo: dueOn,
            totalCents: 4990n,
            taxRateBasisPoints: 2100,
            exemptReason: null,
          },
        ],
      },
    ]),
  );
  return issued!.id;
}

const payInFull = (id: string) =>
  call(pay, { path: `/api/invoices/${id}/payments`, params: { id }, token, body: { amount: "49.90", method: "cash" } });

const invoiceStatus = async (id: string) =>
  (await running.database.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0]?.status;

const memberStatus = async (id: string) =>
  (await running.database.db.select({ status: members.status }).from(members).where(eq(members.id, id)))[0]?.status;

const reminders = (invoiceId: string) =>
  running.database.db
    .select({
      template: mailOutbox.template,
      to: mailOutbox.toAddress,
      props: mailOutbox.props,
      key: mailOutbox.dedupeKey,
    })
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `dunning:${invoiceId}:%`))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.dedupeKey));

const audits = (action: string, entityId: string) =>
  running.database.db
    .select({ data: auditOutbox.data, severity: auditOutbox.severity })
    .from(auditOutbox)
    .where(and(eq(auditOutbox.action, action), eq(auditOutbox.entityId, entityId)))
    .orderBy(asc(auditOutbox.seq));

const NOTHING: DunningOutcome = { markedOverdue: 0, reminded: 0, suspended: 0, reactivated: 0 };

beforeAll(async () => {
  running = await platform();
});
beforeEach(async () => {
  await resetDatabase(running.database);
  token = await completeSetup();
  await putSettingsOk(token, SETTINGS);
  gold = await goldPlan(running.database.db);
});
afterAll(() => stopPlatform());

describe("the dunning job", () => {
  it("walks days 0, 1, 4, 11 and 16 after the due date: overdue, three reminders, suspension; paying reactivates", async () => {
    const late = await enrolled("en");
    const { invoiceId, memberId, dueOn } = late;

    expect(await dunningAt(madrid(dueOn, 0))).toEqual(NOTHING);
    expect(await invoiceStatus(invoiceId)).toBe("open");

    expect(await dunningAt(madrid(dueOn, 1))).toEqual({ ...NOTHING, markedOverdue: 1, reminded: 1 });
    expect(await invoiceStatus(invoiceId)).toBe("overdue");
    expect(await audits("billing.invoice_overdue", invoiceId)).toEqual([
      { severity: "Info", data: { number: late.number, memberId, dueOn } },
    ]);

    expect(await dunningAt(madrid(dueOn, 4))).toEqual({ ...NOTHING, reminded: 1 });
    expect(await dunningAt(madrid(dueOn, 11))).toEqual({ ...NOTHING, reminded: 1 });
    const queued = await reminders(invoiceId);
    expect(queued.map((mail) => [mail.template, mail.key, mail.to])).toEqual([
      ["payment-reminder", `dunning:${invoiceId}:1`, `late${sequence}@club.example`],
      ["payment-reminder", `dunning:${invoiceId}:4`, `late${sequence}@club.example`],
      ["payment-reminder", `dunning:${invoiceId}:11`, `late${sequence}@club.example`],
    ]);
    // In the member's language (English, in a Spanish club); only the last one warns of the suspension, on day 16.
    expect(queued.map((mail) => (mail.props as { language: string }).language)).toEqual(["en", "en", "en"]);
    expect(queued.map((mail) => (mail.props as { suspendsOn: string | null }).suspendsOn)).toEqual([
      null,
      null,
      madrid(dueOn, 16).toISOString().slice(0, 10),
    ]);
    expect(queued[0]?.props).toMatchObject({ number: late.number, dueOn, amountDue: "49.90", currency: "EUR" });
    const rendered = await renderEmail("payment-reminder", queued[2]?.props);
    expect(rendered.ok && rendered.value.subject).toBe(
      `Last reminder: invoice ${late.number} from Club Náutico is unpaid`,
    );
    expect(rendered.ok && rendered.value.text).toContain("€49.90");
    expect(await audits("billing.payment_reminder_queued", invoiceId)).toHaveLength(3);

    // Day 15 is the last day of grace; on day 16 the member is suspended.
    expect(await dunningAt(madrid(dueOn, 15))).toEqual(NOTHING);
    expect(await memberStatus(memberId)).toBe("active");
    expect(await dunningAt(madrid(dueOn, 16))).toEqual({ ...NOTHING, suspended: 1 });
    expect(await memberStatus(memberId)).toBe("suspended");
    expect(await audits("billing.member_suspended", memberId)).toEqual([
      { severity: "Warning", data: { invoiceId, number: late.number, graceDays: 15 } },
    ]);
    expect(await audits("members.status_changed", memberId)).toEqual([
      { severity: "Warning", data: { from: "active", to: "suspended", reason: `Unpaid invoice ${late.number}` } },
    ]);
    expect(await running.database.db.select().from(dunningSuspensions)).toEqual([
      expect.objectContaining({ memberId, invoiceId }),
    ]);

    // Paying it lifts the suspension in the payment's transaction: the member's subscription makes them active.
    expect((await payInFull(invoiceId)).status).toBe(201);
    expect(await invoiceStatus(invoiceId)).toBe("paid");
    expect(await memberStatus(memberId)).toBe("active");
    expect((await audits("members.status_changed", memberId)).at(-1)).toEqual({
      severity: "Info",
      data: { from: "suspended", to: "active", reason: "Overdue invoices settled" },
    });
    expect(await running.database.db.select().from(dunningSuspensions)).toEqual([]);
    expect(await dunningAt(madrid(dueOn, 17))).toEqual(NOTHING);
  });

  it("changes nothing when run twice on the same day", async () => {
    const { dueOn } = await enrolled();
    await enrolled("es");
    for (const day of [1, 4, 11, 16]) {
      const first = await dunningAt(madrid(dueOn, day, "08:00"));
      expect(first).not.toEqual(NOTHING);
      const mails = await running.database.db.select().from(mailOutbox);
      const trail = await running.database.db.select().from(auditOutbox);
      expect(await dunningAt(madrid(dueOn, day, "20:00"))).toEqual(NOTHING);
      expect(await running.database.db.select().from(mailOutbox)).toHaveLength(mails.length);
      expect(await running.database.db.select().from(auditOutbox)).toHaveLength(trail.length);
    }
  });

  it("sends no more reminders once the invoice is paid, and a later run sends only the reminder reached since", async () => {
    const paid = await enrolled("es");
    const unpaid = await enrolled();
    await dunningAt(madrid(paid.dueOn, 1));
    expect((await payInFull(paid.invoiceId)).status).toBe(201);
    // Day 3 passes with the first invoice paid; the run of day 4 was missed, day 5 sends the reminder of day 4 once.
    expect(await dunningAt(madrid(paid.dueOn, 5))).toEqual({ ...NOTHING, reminded: 1 });
    expect((await reminders(paid.invoiceId)).map((mail) => mail.key)).toEqual([`dunning:${paid.invoiceId}:1`]);
    expect((await reminders(paid.invoiceId))[0]?.props).toMatchObject({ language: "es" });
    expect((await reminders(unpaid.invoiceId)).map((mail) => mail.key)).toEqual([
      `dunning:${unpaid.invoiceId}:1`,
      `dunning:${unpaid.invoiceId}:4`,
    ]);
    await dunningAt(madrid(paid.dueOn, 20));
    expect(await reminders(paid.invoiceId)).toHaveLength(1);
    expect(await memberStatus(paid.memberId)).toBe("active");
    expect(await memberStatus(unpaid.memberId)).toBe("suspended");
  });

  it("counts calendar days in Madrid across the spring DST change (due on the last Sunday of March)", async () => {
    const member = await enrolled();
    expect((await payInFull(member.invoiceId)).status).toBe(201);
    // 28 March 2027: Madrid goes from UTC+1 to UTC+2 at 02:00. An invoice issued and due that day.
    const id = await anotherInvoice(member, new Date("2027-03-28T08:00:00Z"), "2027-03-28");
    const keys = async () => (await reminders(id)).map((mail) => mail.key);
    // 23:30 on the 28th (21:30 UTC) is still the due date; 00:30 on the 29th (22:30 UTC on the 28th) is day 1.
    expect(await dunningAt(new Date("2027-03-28T21:30:00Z"))).toEqual(NOTHING);
    expect(await dunningAt(new Date("2027-03-28T22:30:00Z"))).toMatchObject({ markedOverdue: 1, reminded: 1 });
    // Every half day up to day 11: each reminder once, on its day.
    const seen: Array<[string, Array<string | null>]> = [];
    for (let at = Date.parse("2027-03-29T06:00:00Z"); at <= Date.parse("2027-04-09T18:00:00Z"); at += 12 * 3600_000) {
      await dunningAt(new Date(at));
      seen.push([new Date(at).toISOString(), await keys()]);
    }
    const firstSeen = (key: string) => seen.find(([, found]) => found.includes(key))?.[0];
    expect(firstSeen(`dunning:${id}:4`)).toBe("2027-04-01T06:00:00.000Z");
    expect(firstSeen(`dunning:${id}:11`)).toBe("2027-04-08T06:00:00.000Z");
    expect(await keys()).toEqual([`dunning:${id}:1`, `dunning:${id}:4`, `dunning:${id}:11`]);
    expect(madrid("2027-03-28", 1, "00:30").toISOString()).toBe("2027-03-28T22:30:00.000Z");
  });

  it("leaves a member suspended by staff alone, and their payment does not lift it", async () => {
    const member = await enrolled();
    const suspended = await call(changeStatus, {
      path: `/api/members/${member.memberId}/status`,
      method: "PUT",
      params: { id: member.memberId },
      token,
      body: { status: "suspended", reason: "Conduct" },
    });
    expect(suspended.status).toBe(200);
    expect(await dunningAt(madrid(member.dueOn, 16))).toEqual({ ...NOTHING, markedOverdue: 1, reminded: 1 });
    expect(await audits("billing.member_suspended", member.memberId)).toEqual([]);
    expect(await running.database.db.select().from(dunningSuspensions)).toEqual([]);
    expect((await payInFull(member.invoiceId)).status).toBe(201);
    expect(await memberStatus(member.memberId)).toBe("suspended");
    await dunningAt(madrid(member.dueOn, 17));
    expect(await memberStatus(member.memberId)).toBe("suspended");
  });

  it("lifts the suspension in the transaction that writes off or fully rectifies the overdue invoice", async () => {
    const written = await enrolled();
    const rectified = await enrolled();
    await dunningAt(madrid(written.dueOn, 16));
    expect([await memberStatus(written.memberId), await memberStatus(rectified.memberId)]).toEqual([
      "suspended",
      "suspended",
    ]);
    const writeOffReply = await call(writeOff, {
      path: `/api/invoices/${written.invoiceId}/write-off`,
      params: { id: written.invoiceId },
      token,
      body: { reason: "Moved abroad" },
    });
    expect(writeOffReply.status).toBe(200);
    const rectifyReply = await call(rectify, {
      path: `/api/invoices/${rectified.invoiceId}/rectifications`,
      params: { id: rectified.invoiceId },
      token,
      body: { reason: "Charged by mistake" },
    });
    expect(rectifyReply.status).toBe(201);
    expect(await invoiceStatus(rectified.invoiceId)).toBe("cancelled");
    expect([await memberStatus(written.memberId), await memberStatus(rectified.memberId)]).toEqual([
      "active",
      "active",
    ]);
    expect(await dunningAt(madrid(written.dueOn, 17))).toEqual(NOTHING);
  });
});

describe("the dunning job's races (run on real PostgreSQL too)", () => {
  it("two runs at once do the day's work once", async () => {
    const members = [await enrolled(), await enrolled(), await enrolled()];
    const day16 = madrid(members[0]!.dueOn, 16);
    const outcomes = await Promise.all([dunningAt(day16), dunningAt(day16)]);
    const total = (key: keyof DunningOutcome) => outcomes.reduce((sum, outcome) => sum + outcome[key], 0);
    expect([total("markedOverdue"), total("reminded"), total("suspended")]).toEqual([3, 3, 3]);
    for (const member of members) {
      expect(await reminders(member.invoiceId)).toHaveLength(1);
      expect(await audits("billing.member_suspended", member.memberId)).toHaveLength(1);
      expect(await audits("members.status_changed", member.memberId)).toHaveLength(1);
    }
  });

  it("a payment during the suspension run never leaves a paid member suspended", async () => {
    const members = [await enrolled(), await enrolled(), await enrolled(), await enrolled()];
    await dunningAt(madrid(members[0]!.dueOn, 15));
    const day16 = madrid(members[0]!.dueOn, 16);
    const replies = await Promise.all([dunningAt(day16), ...members.map((member) => payInFull(member.invoiceId))]);
    expect(replies.slice(1).map((reply) => (reply as { status: number }).status)).toEqual([201, 201, 201, 201]);
    for (const member of members) {
      expect(await invoiceStatus(member.invoiceId)).toBe("paid");
      expect(await memberStatus(member.memberId)).toBe("active");
    }
    expect(await running.database.db.select().from(dunningSuspensions)).toEqual([]);
  });

  it("two payments settling a member's last two overdue invoices at once reactivate the member", async () => {
    const member = await enrolled();
    const second = await anotherInvoice(member, new Date(), member.dueOn);
    await dunningAt(madrid(member.dueOn, 16));
    expect(await memberStatus(member.memberId)).toBe("suspended");
    const replies = await Promise.all([payInFull(member.invoiceId), payInFull(second)]);
    expect(replies.map((reply) => reply.status)).toEqual([201, 201]);
    expect(await memberStatus(member.memberId)).toBe("active");
  });
});

describe("the dunning settings and the job's endpoint", () => {
  it("are shown with their defaults, kept when absent, validated, and switch reminders and suspension off", async () => {
    const read = await call<{ dunning: unknown }>(readSettings, { path: "/api/settings", token });
    expect(read.body.dunning).toEqual({ enabled: true, reminderDays: [1, 4, 11], graceDays: 15 });

    const bad = await call<{ errors: Record<string, string[]> }>(updateSettings, {
      path: "/api/settings",
      method: "PUT",
      token,
      body: { ...SETTINGS, dunning: { enabled: true, reminderDays: [0, 4.5], graceDays: 400 } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      "dunning.graceDays",
      "dunning.reminderDays.0",
      "dunning.reminderDays.1",
    ]);

    const off = await call<{ dunning: unknown }>(updateSettings, {
      path: "/api/settings",
      method: "PUT",
      token,
      body: { ...SETTINGS, dunning: { enabled: false, reminderDays: [7, 2, 7], graceDays: 30 } },
    });
    expect(off.status).toBe(200);
    expect(off.body.dunning).toEqual({ enabled: false, reminderDays: [2, 7], graceDays: 30 });
    const kept = await call<{ dunning: unknown }>(updateSettings, {
      path: "/api/settings",
      method: "PUT",
      token,
      body: SETTINGS,
    });
    expect(kept.body.dunning).toEqual({ enabled: false, reminderDays: [2, 7], graceDays: 30 });

    const member = await enrolled();
    expect(await dunningAt(madrid(member.dueOn, 40))).toEqual({ ...NOTHING, markedOverdue: 1 });
    expect(await reminders(member.invoiceId)).toEqual([]);
    expect(await memberStatus(member.memberId)).toBe("active");
  });

  it("runs from POST /api/jobs/process-dunning/run", async () => {
    const reply = await call(runJob, {
      path: "/api/jobs/process-dunning/run",
      method: "POST",
      params: { name: "process-dunning" },
      token,
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { job: "process-dunning", status: "completed", outcome: NOTHING },
    });
  });
});
