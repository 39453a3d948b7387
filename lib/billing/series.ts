import { and, eq, max, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { localTime } from "@/lib/platform/calendar";
import type { Executor, Transaction } from "@/lib/platform/db";
import { invoiceCounters, invoices, platformSettings } from "@/lib/platform/db/schema";
import { rollbackOnFailure } from "@/lib/platform/db/transaction";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { BillingErrors } from "./errors";
import { invoiceNumber } from "./numbering";

/**
 * The club's two invoice series (docs/billing.md, Series and numbers): invoices, and rectifying invoices in a series of
 * their own (RD 1619/2012 art. 6.1.a). Each is numbered from 1 every calendar year; a club that moves to ClubOps during
 * the year sets where its numbering goes on, before the series' first invoice of the year is issued here.
 */
export type InvoiceKind = "invoice" | "rectifying";
const KINDS = ["invoice", "rectifying"] as const;

/** Numbers are shown with six digits; the counter may not pass what fits them. */
const LAST_NUMBER = 999_999;

const prefixField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9/-]{0,9}$/, "Use 1 to 10 letters, digits, - or /, starting with a letter or a digit.")
  .meta({ description: "The series' prefix: the number shown is prefix, year, '-', six digits.", examples: ["F"] });

const seriesInputSchema = z
  .object({
    prefix: prefixField,
    nextNumber: z
      .number()
      .int("Use a whole number.")
      .min(1, "Use 1 or more.")
      .max(LAST_NUMBER, `Use at most ${LAST_NUMBER}.`)
      .optional()
      .meta({
        description:
          "The number the series' next invoice of this year takes (a club continuing the numbering of its former system); only before the series' first invoice of the year is issued here. Absent keeps it.",
        examples: [154],
      }),
  })
  .meta({ id: "InvoiceSeriesSetting" });

export const invoiceSeriesInputSchema = z
  .object({ invoice: seriesInputSchema, rectifying: seriesInputSchema })
  .refine((input) => input.invoice.prefix !== input.rectifying.prefix, {
    path: ["rectifying", "prefix"],
    message: "Rectifying invoices need a series of their own: use a prefix other than the invoices'.",
  })
  .meta({ id: "InvoiceSeriesInput" });

export type InvoiceSeriesInput = z.output<typeof invoiceSeriesInputSchema>;

type SeriesState = {
  prefix: string;
  /** The series' last number issued this year; null before its first invoice of the year. */
  lastNumber: number | null;
  nextNumber: number;
  /** The next invoice's number as printed: "F2027-000154". */
  nextShown: string;
};

/** Both series in the numbering year (this year in the club's time zone). */
export type InvoiceSeries = { year: number; invoice: SeriesState; rectifying: SeriesState };

type SeriesContext = Pick<ServiceContext, "db" | "club" | "now">;

/** The prefixes issuing numbers invoices with now. */
export async function seriesPrefixes(executor: Executor): Promise<Record<InvoiceKind, string>> {
  const [stored] = await executor
    .select({ invoice: platformSettings.invoicePrefix, rectifying: platformSettings.rectifyingPrefix })
    .from(platformSettings);
  return stored ?? { invoice: "F", rectifying: "R" };
}

async function seriesState(executor: Executor, prefix: string, year: number): Promise<SeriesState> {
  const [[issued], [counter]] = await Promise.all([
    executor
      .select({ last: max(invoices.number) })
      .from(invoices)
      .where(and(eq(invoices.series, prefix), eq(invoices.year, year))),
    executor
      .select({ last: invoiceCounters.lastNumber })
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.series, prefix), eq(invoiceCounters.year, year))),
  ]);
  const nextNumber = (counter?.last ?? 0) + 1;
  return { prefix, lastNumber: issued?.last ?? null, nextNumber, nextShown: invoiceNumber(prefix, year, nextNumber) };
}

async function readSeries(executor: Executor, year: number): Promise<InvoiceSeries> {
  const prefixes = await seriesPrefixes(executor);
  const [invoice, rectifying] = await Promise.all(KINDS.map((kind) => seriesState(executor, prefixes[kind], year)));
  if (!invoice || !rectifying) throw new Error("a series state is missing");
  return { year, invoice, rectifying };
}

const yearOf = (ctx: SeriesContext) => localTime(ctx.now(), ctx.club.timeZone).year;

export function getInvoiceSeries(ctx: SeriesContext): Promise<InvoiceSeries> {
  return readSeries(ctx.db, yearOf(ctx));
}

/** Whether invoices of the other kind were numbered with the prefix: a series holds one kind (RD 1619/2012 art. 6.1.a). */
async function prefixTakenByOtherKind(tx: Transaction, prefix: string, kind: InvoiceKind): Promise<boolean> {
  const [taken] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.series, prefix), ne(invoices.kind, kind)))
    .limit(1);
  return taken !== undefined;
}

/**
 * Moves a series' counter so that its next invoice of the year takes `nextNumber`. The counter row is locked first, so
 * an issue running at the same time has either committed its invoices (seen by the next statement: the series has
 * started and only its current next number is accepted) or waits and numbers after the new start.
 */
async function continueNumbering(tx: Transaction, prefix: string, year: number, nextNumber: number) {
  await tx.insert(invoiceCounters).values({ series: prefix, year, lastNumber: 0 }).onConflictDoNothing();
  const [counter] = await tx
    .select({ last: invoiceCounters.lastNumber })
    .from(invoiceCounters)
    .where(and(eq(invoiceCounters.series, prefix), eq(invoiceCounters.year, year)))
    .for("update");
  if (counter?.last === nextNumber - 1) return ok(undefined);
  const [started] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.series, prefix), eq(invoices.year, year)))
    .limit(1);
  if (started) return fail(BillingErrors.seriesStarted);
  await tx
    .update(invoiceCounters)
    .set({ lastNumber: nextNumber - 1 })
    .where(and(eq(invoiceCounters.series, prefix), eq(invoiceCounters.year, year)));
  return ok(undefined);
}

/**
 * Sets the series' prefixes and, for a club continuing its former numbering, where each goes on this year; audited as
 * `billing.series_updated` with what it was and what it is. Invoices already issued keep their numbers.
 */
export function updateInvoiceSeries(
  ctx: SeriesContext & Acting,
  input: InvoiceSeriesInput,
): Promise<Result<InvoiceSeries>> {
  const year = yearOf(ctx);
  return rollbackOnFailure(ctx.db, async (tx) => {
    await tx.execute(sql`select 1 from ${platformSettings} for update`);
    const before = await readSeries(tx, year);
    for (const kind of KINDS) {
      if (await prefixTakenByOtherKind(tx, input[kind].prefix, kind)) return fail(BillingErrors.seriesPrefixInUse);
    }
    await tx
      .update(platformSettings)
      .set({ invoicePrefix: input.invoice.prefix, rectifyingPrefix: input.rectifying.prefix })
      .where(eq(platformSettings.id, 1));
    for (const kind of KINDS) {
      const { prefix, nextNumber } = input[kind];
      if (nextNumber === undefined) continue;
      const moved = await continueNumbering(tx, prefix, year, nextNumber);
      if (!moved.ok) return moved;
    }
    const after = await readSeries(tx, year);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      await recordAudit(tx, {
        action: "billing.series_updated",
        severity: "Warning",
        actorId: ctx.actor.id,
        entity: "settings",
        entityId: "1",
        data: { year, before: nextOf(before), after: nextOf(after) },
      });
    }
    return ok(after);
  });
}

const nextOf = (series: InvoiceSeries) => ({
  invoice: series.invoice.nextShown,
  rectifying: series.rectifying.nextShown,
});
