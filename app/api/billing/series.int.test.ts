import "@/tests/support/isolated-env";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localTime } from "@/lib/platform/calendar";
import { type Platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, invoiceCounters, platformSettings } from "@/lib/platform/db/schema";
import { call } from "@/tests/support/api";
import { billingClub, enrolInvoiced } from "@/tests/support/billing";
import { POST as rectify } from "../invoices/[id]/rectifications/route";
import { GET as listInvoices } from "../invoices/route";
import { GET as getSeries, PUT as putSeries } from "./series/route";

/**
 * The club's invoice series (docs/billing.md, Series and numbers): its prefixes, and a club moving to ClubOps during
 * the year goes on with its former numbering, which cannot move once the series has issued an invoice here.
 */
type SeriesState = { prefix: string; lastNumber: number | null; nextNumber: number; nextShown: string };
type Series = { year: number; invoice: SeriesState; rectifying: SeriesState; code?: string; errors?: object };

let running: Platform;
let token: string;
let gold: string;
let sequence = 0;
const year = localTime(new Date(), "Europe/Madrid").year;

const series = async () => (await call<Series>(getSeries, { path: "/api/billing/series", token })).body;
const setSeries = (body: object) =>
  call<Series>(putSeries, { method: "PUT", path: "/api/billing/series", token, body });
const setPrefixes = (invoice: object, rectifying: object = { prefix: "R" }) => setSeries({ invoice, rectifying });

async function enrolled() {
  sequence += 1;
  const member = { firstName: "Nuria", lastName: `Sanz${sequence}`, email: `series${sequence}@club.example` };
  return enrolInvoiced(running.database.db, token, gold, member);
}

const stored = async () => {
  const [settings] = await running.database.db
    .select({ invoice: platformSettings.invoicePrefix, rectifying: platformSettings.rectifyingPrefix })
    .from(platformSettings);
  return settings;
};

beforeAll(async () => {
  ({ running, token, gold } = await billingClub());
});
afterAll(() => stopPlatform());

describe("the invoice series", () => {
  it("numbers in F and R from 1 each year until the club sets them", async () => {
    expect(await series()).toEqual({
      year,
      invoice: { prefix: "F", lastNumber: null, nextNumber: 1, nextShown: `F${year}-000001` },
      rectifying: { prefix: "R", lastNumber: null, nextNumber: 1, nextShown: `R${year}-000001` },
    });
  });

  it("goes on with a former system's numbering, in the club's prefixes, for invoices and rectifying invoices", async () => {
    const reply = await setSeries({
      invoice: { prefix: "FC-", nextNumber: 154 },
      rectifying: { prefix: "RC-", nextNumber: 12 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      year,
      invoice: { prefix: "FC-", lastNumber: null, nextNumber: 154, nextShown: `FC-${year}-000154` },
      rectifying: { prefix: "RC-", lastNumber: null, nextNumber: 12, nextShown: `RC-${year}-000012` },
    });
    const audits = await running.database.db
      .select({ data: auditOutbox.data })
      .from(auditOutbox)
      .where(eq(auditOutbox.action, "billing.series_updated"));
    expect(audits.map((audit) => audit.data)).toEqual([
      {
        year,
        before: { invoice: `F${year}-000001`, rectifying: `R${year}-000001` },
        after: { invoice: `FC-${year}-000154`, rectifying: `RC-${year}-000012` },
      },
    ]);

    const { invoiceId, number } = await enrolled();
    expect(number).toBe(`FC-${year}-000154`);
    const credit = await call<{ number: string }>(rectify, {
      path: `/api/invoices/${invoiceId}/rectifications`,
      params: { id: invoiceId },
      token,
      body: { reason: "Wrong plan" },
    });
    expect(credit.status).toBe(201);
    expect(credit.body.number).toBe(`RC-${year}-000012`);
    expect((await enrolled()).number).toBe(`FC-${year}-000155`);

    const listed = await call<{ items: { number: string }[] }>(listInvoices, {
      path: "/api/invoices?series=RC-&kind=rectifying",
      token,
    });
    expect(listed.body.items.map((invoice) => invoice.number)).toEqual([`RC-${year}-000012`]);
  });

  it("keeps a started series' numbering: only its next number is accepted", async () => {
    const before = await series();
    expect(before.invoice).toMatchObject({ prefix: "FC-", lastNumber: 155, nextNumber: 156 });
    const moved = await setSeries({ invoice: { prefix: "FC-", nextNumber: 300 }, rectifying: { prefix: "RC2" } });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe("Billing.SeriesStarted");
    // Refused whole: the rectifying prefix sent with it is not kept either.
    expect(await series()).toEqual(before);
    const same = await setSeries({ invoice: { prefix: "FC-", nextNumber: 156 }, rectifying: { prefix: "RC-" } });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(before);
  });

  it("refuses a prefix the other kind of invoice was numbered with, and the same prefix for both", async () => {
    const taken = await setPrefixes({ prefix: "RC-" }, { prefix: "R" });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("Billing.SeriesPrefixInUse");
    const same = await setPrefixes({ prefix: "X" }, { prefix: "x" });
    expect(same.status).toBe(400);
    expect(Object.keys(same.body.errors ?? {})).toEqual(["rectifying.prefix"]);
    const bad = await setSeries({ invoice: { prefix: "F 1", nextNumber: 0 }, rectifying: { prefix: "" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual([
      "invoice.nextNumber",
      "invoice.prefix",
      "rectifying.prefix",
    ]);
    expect(await stored()).toEqual({ invoice: "FC-", rectifying: "RC-" });
  });

  it("starts a new prefix at 1 and goes back to an old one where it left off", async () => {
    expect((await setPrefixes({ prefix: "F" }, { prefix: "RC-" })).status).toBe(200);
    expect((await enrolled()).number).toBe(`F${year}-000001`);
    expect((await setPrefixes({ prefix: "FC-" }, { prefix: "RC-" })).body.invoice.nextShown).toBe(`FC-${year}-000156`);
  });

  it("orders a start and a first invoice at the same time: either the invoice takes the start, or the start is refused", async () => {
    expect((await setPrefixes({ prefix: "P" }, { prefix: "RC-" })).status).toBe(200);
    const [invoice, start] = await Promise.all([
      enrolled(),
      setSeries({ invoice: { prefix: "P", nextNumber: 500 }, rectifying: { prefix: "RC-" } }),
    ]);
    if (start.status === 200) expect(invoice.number).toBe(`P${year}-000500`);
    else {
      expect(start.body.code).toBe("Billing.SeriesStarted");
      expect(invoice.number).toBe(`P${year}-000001`);
    }
    const [counter] = await running.database.db
      .select({ last: invoiceCounters.lastNumber })
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.series, "P"), eq(invoiceCounters.year, year)));
    expect(counter?.last).toBe(start.status === 200 ? 500 : 1);
  });
});
