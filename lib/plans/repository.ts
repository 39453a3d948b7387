import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { containing } from "@/lib/platform/db/like";
import { countRowsOf, selectPage } from "@/lib/platform/db/paged-select";
import { planBenefits, plans } from "@/lib/platform/db/schema";
import { fromCents } from "@/lib/platform/money";
import { type Paginated, withItems } from "@/lib/platform/pagination";
import type { PlanInput, PlanListQuery } from "./schemas";

type Benefit = { name: string; description: string | null; sortOrder: number };

export type Plan = {
  id: string;
  name: string;
  code: string;
  description: string | null;
  /** Decimal strings, e.g. "29.90". */
  monthlyPrice: string;
  quarterlyPrice: string | null;
  annualPrice: string | null;
  currency: string;
  isActive: boolean;
  /** The plan's IVA rate in percent ("21.00"); null: the club's default. */
  taxRate: string | null;
  /** Why the plan is exempt from IVA (its rate is then "0.00"). */
  exemptReason: string | null;
  benefits: Benefit[];
  activeSubscriptions: number;
  createdAt: Date;
  updatedAt: Date;
  /** The record's version, its ETag: each change adds 1 (docs/api.md, Concurrency control). */
  version: number;
};

const planColumns = {
  id: plans.id,
  name: plans.name,
  code: plans.code,
  description: plans.description,
  monthlyPrice: plans.monthlyPrice,
  quarterlyPrice: plans.quarterlyPrice,
  annualPrice: plans.annualPrice,
  isActive: plans.isActive,
  taxRateBasisPoints: plans.taxRateBasisPoints,
  exemptReason: plans.exemptReason,
  createdAt: plans.createdAt,
  updatedAt: plans.updatedAt,
  version: plans.version,
  // Written out with aliases: drizzle leaves columns unqualified in a single-table select, which a correlated subquery cannot use.
  activeSubscriptions: sql<number>`(select count(*) from subscriptions s where s.plan_id = "plans"."id" and s.status = 'active')::int`,
};

const ORDER_COLUMNS = {
  name: sql`lower(${plans.name})`,
  code: plans.code,
  monthlyPrice: plans.monthlyPrice,
  createdAt: plans.createdAt,
} satisfies Record<PlanListQuery["orderBy"], unknown>;

function filterOf(query: Pick<PlanListQuery, "isActive" | "search">): SQL | undefined {
  const pattern = query.search ? containing(query.search) : undefined;
  return and(
    query.isActive === undefined ? undefined : eq(plans.isActive, query.isActive),
    pattern ? or(ilike(plans.name, pattern), ilike(plans.code, pattern)) : undefined,
  );
}

/** Plans with their benefits: one query for the plans, one for all their benefits. */
async function withBenefits(
  executor: Executor,
  rows: (Omit<Plan, "benefits" | "currency" | "taxRate"> & { taxRateBasisPoints: number | null })[],
  currency: string,
): Promise<Plan[]> {
  if (rows.length === 0) return [];
  const benefits = await executor
    .select({
      planId: planBenefits.planId,
      name: planBenefits.name,
      description: planBenefits.description,
      sortOrder: planBenefits.sortOrder,
    })
    .from(planBenefits)
    .where(
      inArray(
        planBenefits.planId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(planBenefits.sortOrder));
  return rows.map(({ taxRateBasisPoints, ...row }) => ({
    ...row,
    taxRate: taxRateBasisPoints === null ? null : fromCents(BigInt(taxRateBasisPoints)),
    currency,
    benefits: benefits.filter((benefit) => benefit.planId === row.id).map(({ planId: _planId, ...benefit }) => benefit),
  }));
}

export async function selectPlanPage(
  executor: Executor,
  query: PlanListQuery,
  currency: string,
): Promise<Paginated<Plan>> {
  const direction = query.orderDirection === "asc" ? asc : desc;
  const page = await selectPage(
    { rows: executor.select(planColumns).from(plans).$dynamic(), count: countRowsOf(executor, plans) },
    filterOf(query),
    [direction(ORDER_COLUMNS[query.orderBy]), asc(plans.id)],
    query,
  );
  return withItems(page, await withBenefits(executor, page.items, currency));
}

export async function findPlan(executor: Executor, id: string, currency: string): Promise<Plan | null> {
  const rows = await executor.select(planColumns).from(plans).where(eq(plans.id, id));
  const [plan] = await withBenefits(executor, rows, currency);
  return plan ?? null;
}

export function planValues(input: PlanInput) {
  return {
    name: input.name,
    code: input.code,
    description: input.description || null,
    monthlyPrice: input.monthlyPrice,
    quarterlyPrice: input.quarterlyPrice ?? null,
    annualPrice: input.annualPrice ?? null,
    isActive: input.isActive,
    // Omitted on update: unchanged. An exemption reason makes the rate 0; naming another rate (or the club's default,
    // null) without one ends an exemption the plan had (the database keeps the two consistent: plans_exemption_consistent).
    ...(input.taxRate !== undefined && { taxRateBasisPoints: input.taxRate }),
    ...(input.taxRate !== undefined &&
      input.taxRate !== 0 &&
      input.exemptReason === undefined && { exemptReason: null }),
    ...(input.exemptReason !== undefined && { exemptReason: input.exemptReason }),
    ...(input.exemptReason && { taxRateBasisPoints: 0 }),
  };
}

export async function replaceBenefits(
  executor: Executor,
  planId: string,
  benefits: PlanInput["benefits"],
): Promise<void> {
  await executor.delete(planBenefits).where(eq(planBenefits.planId, planId));
  if (benefits.length === 0) return;
  await executor.insert(planBenefits).values(
    benefits.map((benefit, index) => ({
      planId,
      name: benefit.name,
      description: benefit.description || null,
      sortOrder: index,
    })),
  );
}
