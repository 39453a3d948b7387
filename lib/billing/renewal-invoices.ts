import { and, eq, sql } from "drizzle-orm";
import { recipientLanguage } from "@/lib/mail/recipient-language";
import { localDate } from "@/lib/platform/calendar";
import type { Executor } from "@/lib/platform/db";
import { invoices, members, plans, subscriptions } from "@/lib/platform/db/schema";
import { toCents } from "@/lib/platform/money";
import type { ClubLocale } from "@/lib/settings/club-settings";
import { dueDatesFor } from "./collections/collection-date";
import { type InvoiceDraft, issueInvoices } from "./issue";
import { applyMemberCredit } from "./member-credit";
import { customerColumns, customerFrom, readBillingSettings } from "./parties";
import { lastDayBefore, planTaxOf } from "./term-invoice";
import { termLineText } from "./wording";

/**
 * Invoices the terms the renewal job has just started in its transaction (the live successors of its batch's terms,
 * `batchTermIds`), all at once: one query reads them with their plans and members, the numbers and the chain links are taken for the whole
 * batch (issueInvoices), so a batch of 10,000 renewals is a handful of statements. A term already invoiced is skipped,
 * so a re-run issues nothing twice (and the database refuses a second invoice of a term anyway).
 */
export async function invoiceRenewedTerms(
  executor: Executor,
  club: ClubLocale,
  batchTermIds: readonly string[],
  now: Date,
): Promise<number> {
  if (batchTermIds.length === 0) return 0;
  const billing = await readBillingSettings(executor);
  if (!billing.issuer) return 0;
  const terms = await executor
    .select({
      id: subscriptions.id,
      memberId: subscriptions.memberId,
      billingPeriod: subscriptions.billingPeriod,
      startedAt: subscriptions.startedAt,
      endsAt: subscriptions.endsAt,
      price: subscriptions.price,
      currency: subscriptions.currency,
      plan: {
        id: plans.id,
        name: plans.name,
        taxRateBasisPoints: plans.taxRateBasisPoints,
        exemptReason: plans.exemptReason,
      },
      member: customerColumns,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(members, eq(members.id, subscriptions.memberId))
    .leftJoin(invoices, and(eq(invoices.subscriptionId, subscriptions.id), eq(invoices.kind, "invoice")))
    .where(
      and(
        sql`${subscriptions.previousSubscriptionId} = any(${`{${batchTermIds.join(",")}}`}::uuid[])`,
        eq(subscriptions.status, "active"),
        sql`${invoices.id} is null`,
        sql`${subscriptions.price} > 0`,
      ),
    )
    .orderBy(subscriptions.id);
  const issuer = billing.issuer;
  const dueOn = await dueDatesFor(
    executor,
    terms.map((term) => term.memberId),
    localDate(now, club.timeZone),
  );
  const drafts: InvoiceDraft[] = terms.map((term) => {
    const language = recipientLanguage({ preferred: term.member.language, clubDefault: club.language });
    const serviceFrom = localDate(term.startedAt, club.timeZone);
    return {
      memberId: term.memberId,
      subscriptionId: term.id,
      rectifies: null,
      language,
      currency: term.currency,
      issuer,
      customer: customerFrom(term.member),
      dueOn: dueOn(term.memberId, serviceFrom),
      lines: [
        {
          description: termLineText(language, term.plan.name, term.billingPeriod),
          planId: term.plan.id,
          serviceFrom,
          serviceTo: lastDayBefore(term.endsAt, club.timeZone),
          totalCents: toCents(term.price),
          ...planTaxOf(term.plan, billing.defaultTaxRateBasisPoints),
        },
      ],
    };
  });
  const issued = await issueInvoices(
    executor,
    { kind: "invoice", issuedAt: now, timeZone: club.timeZone, actorId: null },
    drafts,
  );
  // A member whose plan change or refund left them credit pays the renewal with it (member-credit.ts).
  await applyMemberCredit(executor, { now, timeZone: club.timeZone, actorId: null }, [
    ...new Set(issued.map((invoice) => invoice.memberId)),
  ]);
  return issued.length;
}
