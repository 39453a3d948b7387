import "@/tests/support/isolated-env";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import {
  auditOutbox,
  invoiceLines,
  invoices,
  members,
  plans,
  platformSettings,
  subscriptions,
  verifactuRecords,
} from "@/lib/platform/db/schema";
import type { SubscriptionContext } from "@/lib/subscriptions/context";
import { eventDispatcher } from "@/lib/subscriptions/event-registry";
import { processAutoRenewals } from "@/lib/subscriptions/jobs";
import { cancelSubscription, changePlan, createSubscription, renewSubscription } from "@/lib/subscriptions/lifecycle";
import { resetDatabase } from "@/tests/support/reset-database";
import { verifyChain } from "./chain";
import { invoiceStartedTerm } from "./term-invoice";

let running: Platform;
let gold: string;
let platinum: string;
let sequence = 0;
let clock = new Date("2026-03-10T10:00:00Z");

const TAX_DATA = {
  legalName: "Club Náutico de Altea",
  taxId: "G28029643",
  addressLine: "Muelle 1",
  postalCode: "03590",
  city: "Altea",
  province: "Alicante",
};

function context(): SubscriptionContext {
  return {
    db: running.database.db,
    config: running.config,
    club: { language: "es", timeZone: "Europe/Madrid", currency: "EUR" },
    actor: null,
    events: eventDispatcher(running.config),
    now: () => clock,
  };
}

async function member(values: Partial<typeof members.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await running.database.db
    .insert(members)
    .values({ firstName: "Marta", lastName: `Ruiz${sequence}`, email: `billing${sequence}@club.example`, ...values })
    .returning({ id: members.id });
  return row!.id;
}

const subscribe = async (memberId: string, planId = gold) => {
  const result = await createSubscription(context(), memberId, { planId, billingPeriod: "monthly", autoRenew: false });
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
};

const numbers = async () =>
  (
    await running.database.db
      .select({ series: invoices.series, year: invoices.year, number: invoices.number })
      .from(invoices)
      .orderBy(asc(invoices.chainPosition))
  ).map((row) => `${row.series}${row.year}-${row.number}`);

beforeAll(async () => {
  running = await platform();
});
afterAll(() => stopPlatform());
beforeEach(async () => {
  clock = new Date("2026-03-10T10:00:00Z");
  await resetDatabase(running.database);
  await running.database.db
    .insert(platformSettings)
    .values({ platformName: "Club Náutico", timeZone: "Europe/Madrid", currency: "EUR", language: "es", ...TAX_DATA });
  const [goldPlan] = await running.database.db
    .insert(plans)
    .values({ name: "Gold", code: "GOLD", monthlyPrice: "49.90" })
    .returning();
  const [platinumPlan] = await running.database.db
    .insert(plans)
    .values({ name: "Platinum", code: "PLAT", monthlyPrice: "89.00", taxRateBasisPoints: 1000 })
    .returning();
  gold = goldPlan!.id;
  platinum = platinumPlan!.id;
});

describe("invoicing terms", () => {
  it("issues nothing while the club's tax data is incomplete", async () => {
    await running.database.db.update(platformSettings).set({ taxId: null });
    await subscribe(await member());
    expect(await numbers()).toEqual([]);
  });

  it("invoices a new term with the club as issuer and the member as customer, in the member's language", async () => {
    const memberId = await member({
      language: "en",
      taxId: "12345678Z",
      addressLine: "Calle Mayor 3",
      postalCode: "03590",
      city: "Altea",
    });
    const term = await subscribe(memberId);
    const [invoice] = await running.database.db.select().from(invoices);
    expect(invoice).toMatchObject({
      series: "F",
      year: 2026,
      number: 1,
      kind: "invoice",
      issuedOn: "2026-03-10",
      dueOn: "2026-03-10",
      memberId,
      subscriptionId: term.id,
      language: "en",
      currency: "EUR",
      baseCents: 4124n,
      taxCents: 866n,
      totalCents: 4990n,
      status: "open",
      paidCents: 0n,
      previousHash: null,
      chainPosition: 1,
    });
    expect(invoice!.issuer).toEqual({
      legalName: TAX_DATA.legalName,
      taxId: TAX_DATA.taxId,
      address: { line: "Muelle 1", postalCode: "03590", city: "Altea", province: "Alicante", country: "ES" },
    });
    expect(invoice!.customer).toMatchObject({ name: `Marta Ruiz${sequence}`, taxId: "12345678Z" });
    expect(await running.database.db.select().from(invoiceLines)).toEqual([
      expect.objectContaining({
        position: 1,
        description: "Gold, monthly",
        serviceFrom: "2026-03-10",
        serviceTo: "2026-04-09",
        baseCents: 4124n,
        taxRateBasisPoints: 2100,
        taxCents: 866n,
        totalCents: 4990n,
        exemptReason: null,
      }),
    ]);
    const audit = await running.database.db
      .select()
      .from(auditOutbox)
      .where(eq(auditOutbox.action, "billing.invoice_issued"));
    expect(audit).toEqual([
      expect.objectContaining({
        entity: "invoice",
        entityId: invoice!.id,
        data: expect.objectContaining({ number: "F2026-000001", total: "49.90", memberId }),
      }),
    ]);
  });

  it("credits a plan change's unused part with a rectifying invoice of the replaced term's, at that plan's rate", async () => {
    const memberId = await member();
    const term = await subscribe(memberId); // 10 March → 10 April: 31 days
    clock = new Date("2026-03-21T10:00:00Z"); // 20 days unused: credit 49.90 × 20 ÷ 31 = 32.193… → 32.19
    const changed = await changePlan(context(), memberId, term.id, { planId: platinum });
    expect(changed.ok).toBe(true);
    expect(await numbers()).toEqual(["F2026-1", "R2026-1", "F2026-2"]);
    const linesOf = async (series: string, number: number) => {
      const [invoice] = await running.database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.series, series), eq(invoices.number, number)));
      const lines = await running.database.db
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, invoice!.id))
        .orderBy(asc(invoiceLines.position));
      return {
        invoice,
        lines: lines.map((line) => [line.description, line.totalCents, line.baseCents, line.taxCents]),
      };
    };
    const credit = await linesOf("R", 1);
    // 32.19 at Gold's 21 %: 2660.33… → 26.60, over the days not used.
    expect(credit.lines).toEqual([["Rectificación de F2026-000001: Gold, mensual", -3219n, -2660n, -559n]]);
    expect(credit.invoice).toMatchObject({
      kind: "rectifying",
      rectificationReason: "Parte no disfrutada del periodo (cambio de plan)",
      totalCents: -3219n,
    });
    const replaced = await linesOf("F", 1);
    expect(replaced.invoice).toMatchObject({ status: "open", creditedCents: 3219n, paidCents: 0n });
    // The new term at its price, one line at Platinum's 10 %: 8090.909… → 80.91.
    const started = await linesOf("F", 2);
    expect(started.lines).toEqual([["Platinum, mensual", 8900n, 8091n, 809n]]);
    expect(started.invoice).toMatchObject({ status: "open", totalCents: 8900n });
  });

  it("credits a plan change on the term's first day in full: the replaced invoice is cancelled", async () => {
    const memberId = await member();
    const term = await subscribe(memberId, platinum);
    clock = new Date("2026-03-10T11:00:00Z"); // the whole 89.00 credited; Gold costs 49.90
    expect((await changePlan(context(), memberId, term.id, { planId: gold })).ok).toBe(true);
    expect(await numbers()).toEqual(["F2026-1", "R2026-1", "F2026-2"]);
    const rows = await running.database.db
      .select({ number: invoices.number, series: invoices.series, status: invoices.status, total: invoices.totalCents })
      .from(invoices)
      .orderBy(asc(invoices.chainPosition));
    expect(rows).toEqual([
      { series: "F", number: 1, status: "cancelled", total: 8900n },
      { series: "R", number: 1, status: "open", total: -8900n },
      { series: "F", number: 2, status: "open", total: 4990n },
    ]);
  });

  it("credits a cancelled term's unused days when the club prorates, and keeps it owed when it does not", async () => {
    const prorating = await member();
    const kept = await member();
    const proratedTerm = await subscribe(prorating);
    const keptTerm = await subscribe(kept);
    clock = new Date("2026-03-21T10:00:00Z"); // 20 of 31 days unused: 32.19
    expect((await cancelSubscription(context(), prorating, proratedTerm.id, "Se muda")).ok).toBe(true);
    const noProration = { ...context(), config: { ...running.config, PRORATION_ENABLED: false } };
    expect((await cancelSubscription(noProration, kept, keptTerm.id, undefined)).ok).toBe(true);
    const states = await running.database.db
      .select({
        member: invoices.memberId,
        series: invoices.series,
        status: invoices.status,
        credited: invoices.creditedCents,
        total: invoices.totalCents,
      })
      .from(invoices)
      .orderBy(asc(invoices.chainPosition));
    expect(states).toEqual([
      { member: prorating, series: "F", status: "open", credited: 3219n, total: 4990n },
      { member: kept, series: "F", status: "open", credited: 0n, total: 4990n },
      { member: prorating, series: "R", status: "open", credited: 0n, total: -3219n },
    ]);
  });

  it("invoices a manual renewal", async () => {
    const memberId = await member();
    const term = await subscribe(memberId);
    expect((await renewSubscription(context(), memberId, term.id)).ok).toBe(true);
    const [renewal] = await running.database.db.select().from(invoices).where(eq(invoices.number, 2));
    // The next term starts when this one ends: due then, and the line covers it.
    expect(renewal).toMatchObject({ issuedOn: "2026-03-10", dueOn: "2026-04-10", totalCents: 4990n });
  });

  it("numbers an invoice issued at 23:30 UTC on 31 December in the new year of Madrid", async () => {
    clock = new Date("2026-12-31T23:30:00Z");
    await subscribe(await member());
    expect(await running.database.db.select().from(invoices)).toEqual([
      expect.objectContaining({ year: 2027, number: 1, issuedOn: "2027-01-01" }),
    ]);
  });
});

describe("numbers and the chain", () => {
  it("numbers parallel issues 1..N with no gap and no duplicate", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => member()));
    await Promise.all(ids.map((id) => subscribe(id)));
    const issued = await running.database.db.select({ number: invoices.number }).from(invoices);
    expect(issued.map((row) => row.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await verifyChain(running.database.db)).toEqual({ ok: true, count: 20 });
  });

  it("gives a rolled-back transaction's number back", async () => {
    await subscribe(await member());
    const memberId = await member();
    const [term] = await running.database.db
      .insert(subscriptions)
      .values({
        memberId,
        planId: gold,
        billingPeriod: "monthly",
        startedAt: clock,
        endsAt: new Date("2026-04-10T10:00:00Z"),
        price: "49.90",
        currency: "EUR",
      })
      .returning();
    await expect(
      running.database.db.transaction(async (tx) => {
        const issued = await invoiceStartedTerm(tx, running.config, {
          memberId,
          subscriptionId: term!.id,
          billingPeriod: "monthly",
          startedAt: term!.startedAt.toISOString(),
          endsAt: term!.endsAt.toISOString(),
          price: term!.price,
          prorationCredit: null,
          currency: "EUR",
          occurredAt: clock.toISOString(),
          actorId: null,
        });
        expect(issued?.number).toBe("F2026-000002");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await subscribe(await member());
    expect(await numbers()).toEqual(["F2026-1", "F2026-2"]);
    expect(await verifyChain(running.database.db)).toEqual({ ok: true, count: 2 });
  });

  it("refuses any change of an issued invoice's content and any delete, and lets its state change", async () => {
    await subscribe(await member());
    const db = running.database.db;
    await expect(db.update(invoices).set({ totalCents: 1n, baseCents: 1n, taxCents: 0n })).rejects.toThrow();
    await expect(db.update(invoiceLines).set({ description: "Other" })).rejects.toThrow();
    await expect(db.delete(invoiceLines)).rejects.toThrow();
    await expect(db.delete(invoices)).rejects.toThrow();
    await db.update(invoices).set({ status: "paid", paidCents: 4990n, statusChangedAt: new Date() });
    expect(await db.select({ status: invoices.status, total: invoices.totalCents }).from(invoices)).toEqual([
      { status: "paid", total: 4990n },
    ]);
    expect(await verifyChain(db)).toEqual({ ok: true, count: 1 });
  });

  it("names the first tampered record", async () => {
    for (let i = 0; i < 3; i += 1) await subscribe(await member());
    const db = running.database.db;
    await db.execute(sql`alter table invoices disable trigger invoices_immutable`);
    try {
      await db
        .update(invoices)
        .set({ customer: { name: "Someone else" } })
        .where(eq(invoices.number, 2));
    } finally {
      await db.execute(sql`alter table invoices enable trigger invoices_immutable`);
    }
    expect(await verifyChain(db)).toEqual({
      ok: false,
      count: 1,
      brokenLink: expect.objectContaining({ number: "F2026-000002", position: 2, reason: "content" }),
    });
  });
  it("names the record after a removed one", async () => {
    for (let i = 0; i < 3; i += 1) await subscribe(await member());
    const db = running.database.db;
    const [second] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, 2));
    // Removed behind the database's back, with its lines and its VERI*FACTU record.
    await db.execute(sql`alter table invoice_lines disable trigger invoice_lines_immutable`);
    await db.execute(sql`alter table invoices disable trigger invoices_immutable`);
    await db.execute(sql`alter table verifactu_records disable trigger verifactu_records_refuse_change`);
    try {
      await db.execute(sql`delete from verifactu_submissions where chain_position in
        (select chain_position from verifactu_records where invoice_id = ${second!.id})`);
      await db.execute(sql`delete from verifactu_records where invoice_id = ${second!.id}`);
      await db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, second!.id));
      await db.delete(invoices).where(eq(invoices.id, second!.id));
    } finally {
      await db.execute(sql`alter table verifactu_records enable trigger verifactu_records_refuse_change`);
      await db.execute(sql`alter table invoices enable trigger invoices_immutable`);
      await db.execute(sql`alter table invoice_lines enable trigger invoice_lines_immutable`);
    }
    expect(await verifyChain(db)).toEqual({
      ok: false,
      count: 1,
      brokenLink: expect.objectContaining({ number: "F2026-000003", position: 3, reason: "order" }),
    });
  });
});

describe("the renewal job", () => {
  const due = async (memberId: string, price: string) =>
    (
      await running.database.db
        .insert(subscriptions)
        .values({
          memberId,
          planId: gold,
          billingPeriod: "monthly",
          startedAt: new Date("2026-02-10T10:00:00Z"),
          endsAt: new Date("2026-03-10T10:00:00Z"),
          price,
          currency: "EUR",
          autoRenew: true,
        })
        .returning()
    )[0]!;
  it("invoices each term it renews, once, also when run again", async () => {
    const english = await member({ language: "en" });
    await due(english, "45.00");
    await due(await member(), "45.00");
    const now = new Date("2026-03-09T23:30:00Z"); // 10 March in Madrid
    expect(await processAutoRenewals(running, now)).toEqual({ renewed: 2, mailed: 2, invoiced: 2 });
    expect(await processAutoRenewals(running, now)).toEqual({ renewed: 0, mailed: 0, invoiced: 0 });
    const issued = await running.database.db.select().from(invoices).orderBy(asc(invoices.number));
    expect(issued.map((invoice) => [invoice.number, invoice.issuedOn, invoice.dueOn, invoice.totalCents])).toEqual([
      [1, "2026-03-10", "2026-03-10", 4990n],
      [2, "2026-03-10", "2026-03-10", 4990n],
    ]);
    const renewedTerms = await running.database.db.select().from(subscriptions).where(eq(subscriptions.price, "49.90"));
    expect(new Set(issued.map((invoice) => invoice.subscriptionId))).toEqual(new Set(renewedTerms.map((t) => t.id)));
    const englishLine = await running.database.db
      .select({ description: invoiceLines.description, serviceTo: invoiceLines.serviceTo })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(eq(invoices.memberId, english));
    expect(englishLine).toEqual([{ description: "Gold, monthly", serviceTo: "2026-04-09" }]);
    const audited = await running.database.db
      .select()
      .from(auditOutbox)
      .where(eq(auditOutbox.action, "billing.invoice_issued"));
    expect(audited).toHaveLength(2);
    expect(await verifyChain(running.database.db)).toEqual({ ok: true, count: 2 });
  });

  it("renewing in batches, two at a time, issues one gapless chain of invoices and of VERI*FACTU records", async () => {
    for (let i = 0; i < 8; i += 1) await due(await member(), "45.00");
    const now = new Date("2026-03-09T23:30:00Z");
    // Batches of three: three transactions, the second renewing while the first issues.
    expect(await processAutoRenewals(running, now, 3)).toEqual({ renewed: 8, mailed: 8, invoiced: 8 });
    expect(await processAutoRenewals(running, now, 3)).toEqual({ renewed: 0, mailed: 0, invoiced: 0 });
    const db = running.database.db;
    const issued = await db.select().from(invoices).orderBy(asc(invoices.chainPosition));
    expect(issued.map((invoice) => [invoice.chainPosition, invoice.number])).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, n]),
    );
    expect(await verifyChain(db)).toEqual({ ok: true, count: 8 });
    const records = await db.select().from(verifactuRecords).orderBy(asc(verifactuRecords.chainPosition));
    expect(records.map((record) => record.invoiceId)).toEqual(issued.map((invoice) => invoice.id));
    expect(records.map((record) => record.previousHuella)).toEqual([
      null,
      ...records.slice(0, -1).map((record) => record.huella),
    ]);
  });
});
