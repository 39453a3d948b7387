"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useConsoleApi } from "@/console/api-client";
import type { BillingPeriod, PlanRow } from "@/console/club-api";
import { BILLING_PERIOD_VALUES, BILLING_PERIODS, formatMoney } from "@/console/format";
import { LoadError } from "@/console/ui/feedback";
import { Checkbox, type FormFailure, formFailureOf, SelectField } from "@/console/ui/forms";
import { priceFor } from "@/lib/subscriptions/pricing";

/** The plan and billing period of a new term, as the form holds them ("" until a plan is chosen). */
export type PlanChoice = { planId: string; billingPeriod: BillingPeriod };

export const PLAN_CHOICE_LABELS = { planId: "Plan", billingPeriod: "Billing period", autoRenew: "Renew automatically" };
/** Subscription errors that are about the chosen plan, tied to its field. */
export const planCodeFields = (prefix = "") => ({
  "Subscription.PlanInactive": `${prefix}planId`,
  "Subscription.PlanNotFound": `${prefix}planId`,
});

/** Prefixes field names and labels, for forms whose API nests them (`subscription.planId`). */
export const prefixed = (prefix: string, labels: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(labels).map(([name, label]) => [`${prefix}${name}`, label]));

/** Every active plan (a club has a handful; the API pages at 100). */
function useActivePlans() {
  const api = useConsoleApi();
  return useQuery({
    queryKey: ["plans", "choices"],
    queryFn: () => api.plans.list({ isActive: true, pageSize: 100, orderBy: "name", orderDirection: "asc" }),
    select: (page) => page.items,
  });
}

const periodOption = (plan: PlanRow | undefined, period: BillingPeriod) => ({
  value: period,
  label: plan
    ? `${BILLING_PERIODS[period]} · ${formatMoney(priceFor(plan, period), plan.currency)}`
    : BILLING_PERIODS[period],
});

/**
 * The plan and billing period selects, each period with the price the term would capture (with
 * `autoRenew`, the renewal checkbox too). The choice is the caller's state: the price preview follows it.
 */
export function PlanChoiceFields({
  prefix = "",
  value,
  onChange,
  autoRenew,
}: {
  prefix?: string;
  value: PlanChoice;
  onChange: (choice: PlanChoice) => void;
  autoRenew?: { defaultChecked: boolean };
}) {
  const plans = useActivePlans();
  if (plans.isPending) return <p className="muted">Loading plans…</p>;
  if (plans.isError)
    return (
      <LoadError
        message={`The plans could not be loaded: ${formFailureOf(plans.error).message}`}
        onRetry={() => void plans.refetch()}
      />
    );
  if (plans.data.length === 0) {
    return (
      <p className="notice notice-warn">
        No plan is active. <Link href="/plans">Create or reactivate a plan</Link> first.
      </p>
    );
  }
  const chosen = plans.data.find((plan) => plan.id === value.planId);
  return (
    <>
      <div className="form-row">
        <SelectField
          name={`${prefix}planId`}
          value={value.planId}
          onChange={(event) => onChange({ ...value, planId: event.target.value })}
          options={[
            { value: "", label: "Choose a plan…" },
            ...plans.data.map((plan) => ({ value: plan.id, label: `${plan.name} (${plan.code})` })),
          ]}
        />
        <SelectField
          name={`${prefix}billingPeriod`}
          value={value.billingPeriod}
          onChange={(event) =>
            onChange({
              ...value,
              billingPeriod: BILLING_PERIOD_VALUES.find((period) => period === event.target.value) ?? "monthly",
            })
          }
          options={BILLING_PERIOD_VALUES.map((period) => periodOption(chosen, period))}
        />
      </div>
      {autoRenew && (
        <Checkbox
          name={`${prefix}autoRenew`}
          label={PLAN_CHOICE_LABELS.autoRenew}
          description="A new term starts when this one ends, at the plan's price of that day."
          defaultChecked={autoRenew.defaultChecked}
        />
      )}
    </>
  );
}

/** The refusal to send a term without a plan (the API would answer "Not a valid plan id."). */
export function missingPlan(choice: Pick<PlanChoice, "planId">, prefix = ""): FormFailure | null {
  return choice.planId ? null : { message: "Choose a plan.", fields: { [`${prefix}planId`]: ["Choose a plan."] } };
}
