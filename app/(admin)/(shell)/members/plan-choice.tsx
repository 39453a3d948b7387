"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import type { BillingPeriod, PlanRow } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { LoadError } from "@/console/ui/feedback";
import { Checkbox, type FormFailure, formFailureOf, SelectField, useFailureText } from "@/console/ui/forms";
import { priceFor } from "@/lib/subscriptions/pricing";

/** The plan and billing period of a new term, as the form holds them ("" until a plan is chosen). */
export type PlanChoice = { planId: string; billingPeriod: BillingPeriod };

const BILLING_PERIOD_VALUES = ["monthly", "quarterly", "annual"] as const satisfies readonly BillingPeriod[];

/** The labels of the plan choice's fields, in the reader's language. */
export function usePlanChoiceLabels() {
  const t = useTranslations("members.planChoice");
  return { planId: t("plan"), billingPeriod: t("billingPeriod"), autoRenew: t("autoRenew") };
}

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
  const t = useTranslations("members.planChoice");
  const periods = useTranslations("plans.period");
  const format = useClubFormat();
  const failureText = useFailureText();
  const labels = usePlanChoiceLabels();
  const plans = useActivePlans();
  if (plans.isPending) return <p className="muted">{t("loading")}</p>;
  if (plans.isError)
    return (
      <LoadError
        message={t("loadFailed", { reason: failureText(formFailureOf(plans.error)) })}
        onRetry={() => void plans.refetch()}
      />
    );
  if (plans.data.length === 0) {
    return (
      <p className="notice notice-warn">
        {t.rich("noActivePlan", { link: (text) => <Link href="/plans">{text}</Link> })}
      </p>
    );
  }
  const chosen = plans.data.find((plan) => plan.id === value.planId);
  const periodOption = (plan: PlanRow | undefined, period: BillingPeriod) => ({
    value: period,
    label: plan
      ? t("periodWithPrice", { period: periods(period), price: format.money(priceFor(plan, period), plan.currency) })
      : periods(period),
  });
  return (
    <>
      <div className="form-row">
        <SelectField
          name={`${prefix}planId`}
          value={value.planId}
          onChange={(event) => onChange({ ...value, planId: event.target.value })}
          options={[
            { value: "", label: t("choosePlaceholder") },
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
          label={labels.autoRenew}
          description={t("autoRenewHint")}
          defaultChecked={autoRenew.defaultChecked}
        />
      )}
    </>
  );
}

/** The refusal to send a term without a plan (the API would answer "Not a valid plan id."). */
export function useMissingPlan(): (choice: Pick<PlanChoice, "planId">, prefix?: string) => FormFailure | null {
  const t = useTranslations("members.planChoice");
  return (choice, prefix = "") =>
    choice.planId ? null : { message: t("choose"), fields: { [`${prefix}planId`]: [t("choose")] } };
}
