"use client";

import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { BillingPeriod, PlanRow } from "@/console/club-api";
import { formatCount, formatMoney, plural } from "@/console/format";
import { ConfirmDialog } from "@/console/ui/dialog";
import { EmptyState, StatusBadge } from "@/console/ui/feedback";
import { FilterSelect, PagedTable, PageHeader, useListDialogs, usePagedQuery } from "@/console/ui/list-page";
import { yesNoFilter } from "@/console/ui/yes-no-filter";
import { MONTHS_IN, priceFor } from "@/lib/subscriptions/pricing";
import { PlanEditor } from "./plan-editor";

const ACTIVE_FILTERS = [
  { value: "", label: "All plans" },
  { value: "true", label: "Active" },
  { value: "false", label: "Deactivated" },
] as const;
type ActiveFilter = (typeof ACTIVE_FILTERS)[number]["value"];

const DEACTIVATED = { label: "Deactivated", badge: "badge-inactive" };

type OpenDialog = { kind: "create" } | { kind: "edit"; plan: PlanRow } | { kind: "deactivate"; plan: PlanRow };

const PAGE_SIZE = 20;

/** A period's price; a plan without one charges the monthly price times the months (computed in cents, as the API does). */
function PriceCell({ plan, period }: { plan: PlanRow; period: BillingPeriod }) {
  const own = period === "quarterly" ? plan.quarterlyPrice : period === "annual" ? plan.annualPrice : plan.monthlyPrice;
  return (
    <td className="cell-money">
      {own !== null ? (
        formatMoney(own, plan.currency)
      ) : (
        <>
          <span className="muted">{formatMoney(priceFor(plan, period), plan.currency)}</span>
          <div className="cell-secondary">{MONTHS_IN[period]} × monthly</div>
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
  const api = useConsoleApi();
  return (
    <ConfirmDialog
      title={`Deactivate plan ${plan.name}?`}
      run={() => api.plans.deactivate(plan.id, plan.version)}
      onSuccess={() => onDone(`Plan ${plan.name} deactivated.`)}
      onClose={onClose}
      submitLabel="Deactivate plan"
      pendingLabel="Deactivating…"
      variant="danger"
    >
      <p>It takes no new subscriptions. Plans are never deleted: past subscriptions keep pointing at it.</p>
      <p>
        {plan.activeSubscriptions > 0
          ? `Its ${plural(plan.activeSubscriptions, "active subscription", "active subscriptions")} continue until they end, without renewing automatically.`
          : "Nobody is subscribed to it now."}{" "}
        You can reactivate it by editing it.
      </p>
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
        title="Plans"
        lead="What members can subscribe to: prices per billing period and the benefits each plan includes."
        create={canWrite ? { label: "New plan", onClick: () => dialogs.open({ kind: "create" }) } : undefined}
      />
      {dialogs.notice}

      <div className="toolbar">
        <FilterSelect id="plan-status" label="Show" value={isActive} options={ACTIVE_FILTERS} onChange={setIsActive} />
      </div>

      <PagedTable
        label="Plans"
        noun={{ one: "plan", other: "plans" }}
        query={plans}
        onPage={setPageNumber}
        headers={[
          "Plan",
          "Monthly",
          "Quarterly",
          "Annual",
          <span key="subscriptions" className="th-wrap">
            Active subscriptions
          </span>,
          hasActions ? (
            "Actions"
          ) : (
            <span key="actions" className="visually-hidden">
              Actions
            </span>
          ),
        ]}
        empty={
          <EmptyState title={isActive ? "No plans match" : "No plans yet"}>
            <p>{isActive ? "Try another filter." : "Create the plans members can subscribe to."}</p>
          </EmptyState>
        }
        row={(plan) => (
          <tr key={plan.id}>
            <td>
              <div className="cell-primary plan-name">
                {plan.name} <span className="chip chip-code">{plan.code}</span>
                {!plan.isActive && <StatusBadge look={DEACTIVATED} />}
              </div>
              {plan.description && <div className="cell-secondary cell-clamp">{plan.description}</div>}
              {plan.benefits.length > 0 && (
                <div className="cell-secondary" title={plan.benefits.map((benefit) => benefit.name).join(", ")}>
                  {plural(plan.benefits.length, "benefit", "benefits")}
                </div>
              )}
            </td>
            <PriceCell plan={plan} period="monthly" />
            <PriceCell plan={plan} period="quarterly" />
            <PriceCell plan={plan} period="annual" />
            <td className="cell-number">{formatCount(plan.activeSubscriptions)}</td>
            <td>
              {hasActions && (
                <div className="cell-actions">
                  {canWrite && (
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`Edit plan ${plan.name}`}
                      onClick={() => dialogs.open({ kind: "edit", plan })}
                    >
                      Edit
                    </button>
                  )}
                  {canDeactivate && plan.isActive && (
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`Deactivate plan ${plan.name}`}
                      onClick={() => dialogs.open({ kind: "deactivate", plan })}
                    >
                      Deactivate
                    </button>
                  )}
                </div>
              )}
            </td>
          </tr>
        )}
      />

      {dialog?.kind === "create" && <PlanEditor plan={null} currency={currency} onClose={close} onDone={done} />}
      {dialog?.kind === "edit" && <PlanEditor plan={dialog.plan} currency={currency} onClose={close} onDone={done} />}
      {dialog?.kind === "deactivate" && <DeactivateDialog plan={dialog.plan} onClose={close} onDone={done} />}
    </>
  );
}
