import { and, eq, ne } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { lockLiveMember } from "@/lib/members/repository";
import { settleMemberStatus } from "@/lib/members/service";
import { addMonths } from "@/lib/platform/calendar";
import type { Transaction } from "@/lib/platform/db";
import { subscriptions } from "@/lib/platform/db/schema";
import { commitWhatever, rollbackOnFailure } from "@/lib/platform/db/transaction";
import { sqlStateOf, violatedUniqueConstraint } from "@/lib/platform/errors";
import type { Paginated } from "@/lib/platform/pagination";
import { type BusinessError, fail, ok, type Result } from "@/lib/platform/result";
import { actorIdOf } from "@/lib/services/context";
import type { SubscriptionContext } from "./context";
import { SubscriptionErrors } from "./errors";
import {
  type BillingPeriod,
  MONTHS_IN,
  type PlanChangePrice,
  type PricedTerm,
  planChangePrice,
  priceFor,
  prorationCredit,
} from "./pricing";
import {
  findLiveMember,
  findPlanPrices,
  findSubscription,
  lockSubscription,
  type Subscription,
  selectMemberSubscriptionPage,
} from "./repository";
import type { NewSubscription, PlanChange, SubscriptionListQuery } from "./schemas";

const EXCLUSION_VIOLATION = "23P01";

type Term = {
  memberId: string;
  planId: string;
  billingPeriod: BillingPeriod;
  autoRenew: boolean;
  startedAt: Date;
  previousSubscriptionId?: string;
  /** A plan change's price, credit included, as priced before the term starts; else the plan's price for the period. */
  priced?: PlanChangePrice;
  source: "enrollment" | "direct" | "plan_change" | "renewal";
};

/** A usable plan and the price it charges for `period`. */
async function planPrice(tx: Transaction, planId: string, period: BillingPeriod): Promise<Result<string>> {
  const plan = await findPlanPrices(tx, planId);
  if (!plan) return fail(SubscriptionErrors.planNotFound);
  if (!plan.isActive) return fail(SubscriptionErrors.planInactive);
  return ok(priceFor(plan, period));
}

/**
 * Starts a term: captures the plan's price for the period, computes the end in calendar months of the
 * club's time zone, settles the member's status (active, unless suspended) and dispatches MemberSubscribedEvent
 * in the same transaction (its consumers audit it, welcome the member and invoice the term). Overlap with another active term is refused by the database.
 */
export async function startTerm(ctx: SubscriptionContext, tx: Transaction, term: Term): Promise<Result<string>> {
  const price = term.priced ? ok(term.priced.price) : await planPrice(tx, term.planId, term.billingPeriod);
  if (!price.ok) return price;
  const endsAt = addMonths(term.startedAt, MONTHS_IN[term.billingPeriod], ctx.club.timeZone);
  const [created] = await tx
    .insert(subscriptions)
    .values({
      memberId: term.memberId,
      planId: term.planId,
      billingPeriod: term.billingPeriod,
      startedAt: term.startedAt,
      endsAt,
      price: price.value,
      currency: ctx.club.currency,
      autoRenew: term.autoRenew,
      previousSubscriptionId: term.previousSubscriptionId ?? null,
      prorationCredit: term.priced?.prorationCredit ?? null,
    })
    .returning({ id: subscriptions.id });
  if (!created) throw new Error("insert returned no subscription");
  await settleMemberStatus(tx, term.memberId, { at: ctx.now(), actorId: actorIdOf(ctx), reason: "Subscribed" });
  await ctx.events.dispatch(tx, "MemberSubscribedEvent", {
    memberId: term.memberId,
    subscriptionId: created.id,
    planId: term.planId,
    billingPeriod: term.billingPeriod,
    startedAt: term.startedAt.toISOString(),
    endsAt: endsAt.toISOString(),
    price: price.value,
    prorationCredit: term.priced?.prorationCredit ?? null,
    currency: ctx.club.currency,
    source: term.source,
    actorId: actorIdOf(ctx),
    occurredAt: ctx.now().toISOString(),
  });
  return ok(created.id);
}

/**
 * Runs a subscription write and answers the resulting subscription; a business failure rolls back what it wrote. A term overlapping another active one
 * (exclusion constraint) or a second live successor of one term (unique index) lost a race: a 409, not a 500.
 */
async function writeTerm(
  ctx: SubscriptionContext,
  memberId: string,
  raceError: BusinessError,
  work: (tx: Transaction) => Promise<Result<string>>,
): Promise<Result<Subscription>> {
  try {
    // The answer is read in the transaction that writes it: what a keyed request stores with the change.
    return await rollbackOnFailure(ctx.db, async (tx) => {
      const written = await work(tx);
      return written.ok ? ok((await findSubscription(tx, memberId, written.value)) as Subscription) : written;
    });
  } catch (error) {
    if (sqlStateOf(error) === EXCLUSION_VIOLATION || violatedUniqueConstraint(error) === "subscriptions_previous_key") {
      return fail(raceError);
    }
    throw error;
  }
}

/**
 * Every change of a member's terms locks the member's row first (then the term), so two changes of one member's terms
 * run in turn and each settles the status from what the other committed; one lock order, so they never deadlock.
 */
async function lockMember(tx: Transaction, memberId: string): Promise<void> {
  await lockLiveMember(tx, memberId);
}

/** Locks the member for the transaction, so a concurrent delete or suspension cannot slip past the check. */
async function subscribableMember(tx: Transaction, memberId: string): Promise<BusinessError | null> {
  const member = await lockLiveMember(tx, memberId);
  if (!member) return SubscriptionErrors.memberNotFound;
  if (member.status === "suspended") return SubscriptionErrors.memberSuspended;
  return null;
}

/** Spec 3.1 (none) → active: a subscription starting now. */
export function createSubscription(
  ctx: SubscriptionContext,
  memberId: string,
  input: NewSubscription,
): Promise<Result<Subscription>> {
  return writeTerm(ctx, memberId, SubscriptionErrors.alreadyActive, async (tx) => {
    const refused = await subscribableMember(tx, memberId);
    if (refused) return fail(refused);
    return startTerm(ctx, tx, { ...input, memberId, startedAt: ctx.now(), source: "direct" });
  });
}

/** A page of the member's terms (spec 2.10). */
export async function listSubscriptions(
  ctx: SubscriptionContext,
  memberId: string,
  query: SubscriptionListQuery,
): Promise<Result<Paginated<Subscription>>> {
  if (!(await findLiveMember(ctx.db, memberId))) return fail(SubscriptionErrors.memberNotFound);
  return ok(await selectMemberSubscriptionPage(ctx.db, memberId, query));
}

/** One term of a live member: what a created term's `Location` names. */
export async function getSubscription(
  ctx: SubscriptionContext,
  memberId: string,
  id: string,
): Promise<Result<Subscription>> {
  if (!(await findLiveMember(ctx.db, memberId))) return fail(SubscriptionErrors.memberNotFound);
  const term = await findSubscription(ctx.db, memberId, id);
  return term ? ok(term) : fail(SubscriptionErrors.notFound);
}

/**
 * Ends a term now, with any renewal already queued after it, so nothing of it stays active, and dispatches
 * SubscriptionEndedEvent (billing credits the unused part and the queued renewals' invoices).
 */
async function endTermAndSuccessors(
  ctx: SubscriptionContext,
  tx: Transaction,
  term: { memberId: string; id: string },
  ending: { reason: "canceled" | "plan_change"; unusedCredit: string | null },
): Promise<void> {
  const at = ctx.now();
  const canceled = { status: "canceled" as const, canceledAt: at, autoRenew: false, updatedAt: at };
  await tx.update(subscriptions).set(canceled).where(eq(subscriptions.id, term.id));
  const queued = await tx
    .update(subscriptions)
    .set(canceled)
    .where(and(eq(subscriptions.previousSubscriptionId, term.id), eq(subscriptions.status, "active")))
    .returning({ id: subscriptions.id });
  await ctx.events.dispatch(tx, "SubscriptionEndedEvent", {
    memberId: term.memberId,
    subscriptionId: term.id,
    ...ending,
    queuedSubscriptionIds: queued.map((row) => row.id),
    actorId: actorIdOf(ctx),
    occurredAt: at.toISOString(),
  });
}

export type PlanChangeQuote = {
  planId: string;
  billingPeriod: BillingPeriod;
  price: string;
  prorationCredit: string;
  /** What the member pays now: the new price less the credit, never below zero. */
  amountDue: string;
  currency: string;
};

/** Prices changing `current` to a usable plan at `at`: one answer for the quote and for the change it previews. */
async function pricePlanChange(
  ctx: SubscriptionContext,
  tx: Transaction,
  current: PricedTerm,
  change: { planId: string; billingPeriod: BillingPeriod },
  at: Date,
): Promise<Result<PlanChangePrice>> {
  const price = await planPrice(tx, change.planId, change.billingPeriod);
  if (!price.ok) return price;
  const proration = { enabled: ctx.config.PRORATION_ENABLED, timeZone: ctx.club.timeZone };
  return ok(planChangePrice(current, price.value, at, proration));
}

/** Prices a plan change without making it (the console's proration preview). */
export async function quotePlanChange(
  ctx: SubscriptionContext,
  memberId: string,
  id: string,
  change: Pick<PlanChange, "planId" | "billingPeriod">,
): Promise<Result<PlanChangeQuote>> {
  return commitWhatever(ctx.db, async (tx) => {
    const current = await lockSubscription(tx, memberId, id);
    if (!current) return fail(SubscriptionErrors.notFound);
    if (current.status !== "active") return fail(SubscriptionErrors.notActive);
    const billingPeriod = change.billingPeriod ?? current.billingPeriod;
    const priced = await pricePlanChange(ctx, tx, current, { planId: change.planId, billingPeriod }, ctx.now());
    if (!priced.ok) return priced;
    // The quote answers a credit of 0.00 with proration off, where the change stores none (docs/api.md).
    const { price, prorationCredit, amountDue } = priced.value;
    return ok({
      planId: change.planId,
      billingPeriod,
      price,
      prorationCredit: prorationCredit ?? "0.00",
      amountDue,
      currency: ctx.club.currency,
    });
  });
}

/** Spec 3.1 active → canceled, and a new term on the new plan starting now, with the proration credit stored on it. */
export function changePlan(
  ctx: SubscriptionContext,
  memberId: string,
  id: string,
  change: PlanChange,
): Promise<Result<Subscription>> {
  return writeTerm(ctx, memberId, SubscriptionErrors.alreadyActive, async (tx) => {
    await lockMember(tx, memberId);
    const current = await lockSubscription(tx, memberId, id);
    if (!current) return fail(SubscriptionErrors.notFound);
    if (current.status !== "active") return fail(SubscriptionErrors.notActive);
    const billingPeriod = change.billingPeriod ?? current.billingPeriod;
    if (change.planId === current.planId && billingPeriod === current.billingPeriod)
      return fail(SubscriptionErrors.samePlan);
    const now = ctx.now();
    const priced = await pricePlanChange(ctx, tx, current, { planId: change.planId, billingPeriod }, now);
    if (!priced.ok) return priced;
    await endTermAndSuccessors(ctx, tx, current, {
      reason: "plan_change",
      unusedCredit: priced.value.prorationCredit,
    });
    return startTerm(ctx, tx, {
      memberId,
      planId: change.planId,
      billingPeriod,
      autoRenew: change.autoRenew ?? current.autoRenew,
      startedAt: now,
      previousSubscriptionId: current.id,
      priced: priced.value,
      source: "plan_change",
    });
  });
}

/**
 * Manual renewal, the same effect as auto-renewal: the next term on the same plan and period starts where
 * this one ends (at today's plan price). An expired term renews from now; a canceled one cannot be renewed.
 */
export function renewSubscription(
  ctx: SubscriptionContext,
  memberId: string,
  id: string,
): Promise<Result<Subscription>> {
  return writeTerm(ctx, memberId, SubscriptionErrors.alreadyRenewed, async (tx) => {
    await lockMember(tx, memberId);
    const current = await lockSubscription(tx, memberId, id);
    if (!current) return fail(SubscriptionErrors.notFound);
    if (current.status === "canceled") return fail(SubscriptionErrors.notRenewable);
    const refused = await subscribableMember(tx, memberId);
    if (refused) return fail(refused);
    const now = ctx.now();
    return startTerm(ctx, tx, {
      memberId,
      planId: current.planId,
      billingPeriod: current.billingPeriod,
      autoRenew: current.autoRenew,
      startedAt: current.status === "active" && current.endsAt > now ? current.endsAt : now,
      previousSubscriptionId: current.id,
      source: "renewal",
    });
  });
}

/**
 * Spec 3.1 active → canceled (staff or member ending it), at once: the term is over now, not at its end; renewals
 * queued after it end too. The member is inactive when no other term is in force (status.ts).
 */
export async function cancelSubscription(
  ctx: SubscriptionContext,
  memberId: string,
  id: string,
  reason: string | undefined,
): Promise<Result<Subscription>> {
  return writeTerm(ctx, memberId, SubscriptionErrors.notActive, async (tx) => {
    await lockMember(tx, memberId);
    const current = await lockSubscription(tx, memberId, id);
    if (!current) return fail(SubscriptionErrors.notFound);
    if (current.status !== "active") return fail(SubscriptionErrors.notActive);
    const now = ctx.now();
    // A club that credits the unused part of a term on a plan change credits it on a cancellation too (docs/billing.md).
    const unusedCredit = ctx.config.PRORATION_ENABLED ? prorationCredit(current, now, ctx.club.timeZone) : null;
    await endTermAndSuccessors(ctx, tx, current, { reason: "canceled", unusedCredit });
    // A canceled queued renewal must not be recreated by the job: its predecessor stops renewing.
    if (current.previousSubscriptionId) {
      await tx
        .update(subscriptions)
        .set({ autoRenew: false, updatedAt: now })
        .where(and(eq(subscriptions.id, current.previousSubscriptionId), ne(subscriptions.status, "canceled")));
    }
    await recordAudit(tx, {
      action: "subscriptions.canceled",
      severity: "Warning",
      actorId: actorIdOf(ctx),
      entity: "subscription",
      entityId: id,
      data: { memberId, reason: reason ?? null },
    });
    await settleMemberStatus(tx, memberId, { at: now, actorId: actorIdOf(ctx), reason: "Subscription canceled" });
    return ok(id);
  });
}
