import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Transaction } from "@/lib/platform/db";
import {
  type ExpectedVersion,
  nextVersion,
  refusalOfConditionalWrite,
  versionMatches,
} from "@/lib/platform/db/row-version";
import { plans } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { violatedUniqueConstraint } from "@/lib/platform/errors";
import type { Paginated } from "@/lib/platform/pagination";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { PlanErrors } from "./errors";
import { findPlan, type Plan, planValues, replaceBenefits, selectPlanPage } from "./repository";
import type { PlanInput, PlanListQuery } from "./schemas";

/** What the plan services need: the database, the club's currency and who acts (for the audit trail). */
export type PlanContext = Pick<ServiceContext, "db" | "club"> & Acting;

export async function listPlans(ctx: Pick<PlanContext, "db" | "club">, query: PlanListQuery): Promise<Paginated<Plan>> {
  return selectPlanPage(ctx.db, query, ctx.club.currency);
}

export async function getPlan(ctx: Pick<PlanContext, "db" | "club">, id: string): Promise<Result<Plan>> {
  const plan = await findPlan(ctx.db, id, ctx.club.currency);
  return plan ? ok(plan) : fail(PlanErrors.notFound);
}

/** Runs a plan write; a clash on the unique code becomes Plan.DuplicateCode. */
async function writePlan(ctx: PlanContext, work: (tx: Transaction) => Promise<Result<string>>): Promise<Result<Plan>> {
  try {
    // The answer is read in the transaction that writes it: what a keyed request stores with the change.
    return await commitWhatever(ctx.db, async (tx) => {
      const written = await work(tx);
      return written.ok ? ok((await findPlan(tx, written.value, ctx.club.currency)) as Plan) : written;
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === "plans_code_key") return fail(PlanErrors.duplicateCode);
    throw error;
  }
}

export function createPlan(ctx: PlanContext, input: PlanInput): Promise<Result<Plan>> {
  return writePlan(ctx, async (tx) => {
    const [created] = await tx.insert(plans).values(planValues(input)).returning({ id: plans.id });
    if (!created) throw new Error("insert returned no plan");
    await replaceBenefits(tx, created.id, input.benefits);
    await recordAudit(tx, {
      action: "plans.created",
      severity: "Info",
      actorId: ctx.actor.id,
      entity: "plan",
      entityId: created.id,
      data: input,
    });
    return ok(created.id);
  });
}

/** The WHERE of a plan write: the plan, at the version the request expects (If-Match), if it names one. */
const planAt = (id: string, expected: ExpectedVersion) =>
  and(eq(plans.id, id), versionMatches(plans.version, expected));

/** Price edits apply to new subscriptions only: each subscription keeps the price it captured. */
export function updatePlan(
  ctx: PlanContext,
  id: string,
  input: PlanInput,
  expected?: ExpectedVersion,
): Promise<Result<Plan>> {
  return writePlan(ctx, async (tx) => {
    const [updated] = await tx
      .update(plans)
      .set({
        ...planValues(input),
        // Clearing an exemption without naming a rate puts the plan back on the club's default.
        ...(input.exemptReason === null &&
          input.taxRate === undefined && { taxRateBasisPoints: sql`nullif(${plans.taxRateBasisPoints}, 0)` }),
        updatedAt: new Date(),
        version: nextVersion(plans.version),
      })
      .where(planAt(id, expected))
      .returning({ id: plans.id });
    if (!updated) return fail(await refusalOfConditionalWrite(tx, plans, id, PlanErrors.notFound));
    await replaceBenefits(tx, id, input.benefits);
    await recordAudit(tx, {
      action: "plans.updated",
      severity: "Info",
      actorId: ctx.actor.id,
      entity: "plan",
      entityId: id,
      data: input,
    });
    return ok(id);
  });
}

/**
 * Spec 4.4 DELETE: plans are never removed (subscriptions keep pointing at them), only deactivated,
 * so no new subscription can use them. Repeating it is harmless.
 */
export function deactivatePlan(ctx: PlanContext, id: string, expected?: ExpectedVersion): Promise<Result<Plan>> {
  return writePlan(ctx, async (tx) => {
    const [deactivated] = await tx
      .update(plans)
      .set({ isActive: false, updatedAt: new Date(), version: nextVersion(plans.version) })
      .where(planAt(id, expected))
      .returning({ id: plans.id });
    if (!deactivated) return fail(await refusalOfConditionalWrite(tx, plans, id, PlanErrors.notFound));
    await recordAudit(tx, {
      action: "plans.deactivated",
      severity: "Warning",
      actorId: ctx.actor.id,
      entity: "plan",
      entityId: id,
    });
    return ok(id);
  });
}
