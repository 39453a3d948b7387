"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { BillingPeriod, PlanRow } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { ConfirmDialog } from "@/console/ui/dialog";
import { EmptyState, StatusBadge } from "@/console/ui/feedback";
import { FilterSelect, PagedTable, PageHeader, useListDialogs, usePagedQuery } from "@/console/ui/list-page";
import { RowAction } from "@/console/ui/row-actions";
import { yesNoFilter } from "@/console/ui/yes-no-filter";
import { MONTHS_IN, priceFor } from "@/lib/subscriptions/pricing";
import { PlanEditor } from "./plan-editor";

const ACTIVE_FILTERS = ["", "true", "false"] as const;
type ActiveFilter = (typeof ACTIVE_FILTERS)[number];
const FILTER_WORDS = { "": "all", true: "active", false: "deactivated" } as const;

type OpenDialog = { kind: "create" } | { kind: "edit"; plan: PlanRow } | { kind: "deactivate"; plan: PlanRow };

const PAGE_SIZE = 20;

/** A period's price; a plan without one charges the monthly price times the months (computed in cents, as the API does). */
function PriceCell({ plan, period }: { plan: PlanRow; period: BillingPeriod }) {
  const t = useTranslations("plans.list");
  const format = useClubFormat();
  const own = period === "quarterly" ? plan.quarterlyPrice : period === "annual" ? plan.annualPrice : plan.monthlyPrice;
  return (
    <td className="cell-money">
      {own !== null ? (
        format.money(own, plan.currency)
      ) : (
        <>
          <span className="muted">{format.money(priceFor(plan, period), plan.currency)}</span>
          <div className="cell-secondary">{t("timesMonthly", { months: MONTHS_IN[period] })}</div>
        </>
      )}
    </td>
  );
}

function DeactivateDialog({
  plan,
  onClose,
  onDone,
}: {
  plan: PlanRow;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const t = useTranslations("plans.deactivate");
  const api = useConsoleApi();
  return (
    <ConfirmDialog
      title={t("title", { name: plan.name })}
      run={() => api.plans.deactivate(plan.id, plan.version)}
      onSuccess={() => onDone(t("done", { name: plan.name }))}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      variant="danger"
    >
      <p>{t("lead")}</p>
      <p>{t("subscriptions", { count: plan.activeSubscriptions })}</p>
    </ConfirmDialog>
  );
}

export function PlansConsole({
  canWrite,
  canDeactivate,
  currency,
}: {
  canWrite: boolean;
  canDeactivate: boolean;
  currency: string;
}) {
  const t = useTranslations("plans.list");
  const format = useClubFormat();
  const api = useConsoleApi();
  const [isActive, setIsActive] = useState<ActiveFilter>("");
  const dialogs = useListDialogs<OpenDialog>([["plans"]]);
  const { dialog, close, done } = dialogs;
  const [plans, setPageNumber] = usePagedQuery(["plans", { isActive }], (pageNumber) =>
    api.plans.list({
      pageNumber,
      pageSize: PAGE_SIZE,
      isActive: yesNoFilter(isActive),
      orderBy: "name",
      orderDirection: "asc",
    }),
  );
  const hasActions = canWrite || canDeactivate;

  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        create={canWrite ? { label: t("newPlan"), onClick: () => dialogs.open({ kind: "create" }) } : undefined}
      />
      {dialogs.notice}

      <div className="toolbar">
        <FilterSelect
          id="plan-status"
          label={t("show")}
          value={isActive}
          options={ACTIVE_FILTERS.map((value) => ({ value, label: t(`filter.${FILTER_WORDS[value]}`) }))}
          onChange={setIsActive}
        />
      </div>

      <div className="plans-list">
        <PagedTable
          label={t("title")}
          noun={{ one: t("noun.one"), other: t("noun.other") }}
          query={plans}
          onPage={setPageNumber}
          headers={[
            t("columns.plan"),
            t("columns.monthly"),
            t("columns.quarterly"),
            t("columns.annual"),
            <span key="subscriptions" className="th-wrap">
              {t("columns.activeSubscriptions")}
            </span>,
            hasActions ? (
              t("columns.actions")
            ) : (
              <span key="actions" className="visually-hidden">
                {t("columns.actions")}
              </span>
            ),
          ]}
          empty={
            <EmptyState title={isActive ? t("emptyFiltered") : t("empty")}>
              <p>{isActive ? t("emptyFilteredHint") : t("emptyHint")}</p>
            </EmptyState>
          }
          row={(plan) => (
            <tr key={plan.id}>
              <td>
                <div className="cell-primary plan-name">
                  {plan.name} <span className="chip chip-code">{plan.code}</span>
                  {!plan.isActive && <StatusBadge look={{ label: t("deactivated"), badge: "badge-inactive" }} />}
                </div>
                {plan.description && <div className="cell-secondary cell-clamp">{plan.description}</div>}
                {plan.benefits.length > 0 && (
                  <div className="cell-secondary" title={plan.benefits.map((benefit) => benefit.name).join(", ")}>
                    {t("benefits", { count: plan.benefits.length })}
                  </div>
                )}
              </td>
              <PriceCell plan={plan} period="monthly" />
              <PriceCell plan={plan} period="quarterly" />
              <PriceCell plan={plan} period="annual" />
              <td className="cell-number">{format.count(plan.activeSubscriptions)}</td>
              <td>
                {hasActions && (
                  <div className="cell-actions">
                    {canWrite && (
                      <RowAction
                        label={t("edit")}
                        name={t("editNamed", { name: plan.name })}
                        onClick={() => dialogs.open({ kind: "edit", plan })}
                      />
                    )}
                    {canDeactivate && plan.isActive && (
                      <RowAction
                        label={t("deactivate")}
                        name={t("deactivateNamed", { name: plan.name })}
                        onClick={() => dialogs.open({ kind: "deactivate", plan })}
                      />
                    )}
                  </div>
                )}
              </td>
            </tr>
          )}
        />
      </div>

      {dialog?.kind === "create" && <PlanEditor plan={null} currency={currency} onClose={close} onDone={done} />}
      {dialog?.kind === "edit" && <PlanEditor plan={dialog.plan} currency={currency} onClose={close} onDone={done} />}
      {dialog?.kind === "deactivate" && <DeactivateDialog plan={dialog.plan} onClose={close} onDone={done} />}
    </>
  );
}
