"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { MemberRecord, PlanChangeQuote, SubscriptionRow } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { ConfirmDialog, FormDialog } from "@/console/ui/dialog";
import { formFailureOf, TextAreaField, textOf, useFailureText, useFormMutation } from "@/console/ui/forms";
import { type PlanChoice, PlanChoiceFields, planCodeFields, useMissingPlan, usePlanChoiceLabels } from "../plan-choice";

/** The subscription in force, as the member detail carries it. */
export type CurrentTerm = NonNullable<MemberRecord["currentSubscription"]>;
/** A term an action applies to: the current one, or the last one once it has expired. */
type Term = Pick<SubscriptionRow, "id" | "planName" | "billingPeriod" | "endsAt" | "status">;

type Done = (notice: string) => void;
type TermDialogProps<T> = { memberId: string; term: T; onClose: () => void; onDone: Done };

/** "Gold (monthly)" / "Gold (mensual)". */
function useTermName(): (term: Pick<Term, "planName" | "billingPeriod">) => string {
  const t = useTranslations("members.subscriptionDialogs");
  const periods = useTranslations("plans.periodInText");
  return (term) => t("termName", { plan: term.planName, period: periods(term.billingPeriod) });
}
const PLAN_FIELDS = planCodeFields();

export function SubscribeDialog({
  memberId,
  onClose,
  onDone,
}: {
  memberId: string;
  onClose: () => void;
  onDone: Done;
}) {
  const t = useTranslations("members.subscriptionDialogs.subscribe");
  const format = useClubFormat();
  const termName = useTermName();
  const missingPlan = useMissingPlan();
  const api = useConsoleApi();
  const [choice, setChoice] = useState<PlanChoice>({ planId: "", billingPeriod: "monthly" });
  const form = useFormMutation(
    (input: PlanChoice & { autoRenew: boolean }) => api.subscriptions.create(memberId, input),
    {
      codeFields: PLAN_FIELDS,
      precheck: missingPlan,
      onSuccess: (term) => onDone(t("done", { term: termName(term), date: format.day(term.endsAt) })),
    },
  );
  return (
    <FormDialog
      title={t("title")}
      labels={usePlanChoiceLabels()}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={(data) => form.submit({ ...choice, autoRenew: data.has("autoRenew") })}
    >
      <p className="dialog-body">{t("lead")}</p>
      <PlanChoiceFields value={choice} onChange={setChoice} autoRenew={{ defaultChecked: true }} />
    </FormDialog>
  );
}

function QuoteFigures({ quote, current }: { quote: PlanChangeQuote; current: CurrentTerm }) {
  const t = useTranslations("members.subscriptionDialogs.quote");
  const periods = useTranslations("plans.periodInText");
  const format = useClubFormat();
  return (
    <dl className="quote">
      <dt>{t("newPrice", { period: periods(quote.billingPeriod) })}</dt>
      <dd>{format.money(quote.price, quote.currency)}</dd>
      <dt>{t("credit", { plan: current.planName })}</dt>
      <dd>− {format.money(quote.prorationCredit, quote.currency)}</dd>
      <dt className="quote-total">{t("due")}</dt>
      <dd className="quote-total">{format.money(quote.amountDue, quote.currency)}</dd>
    </dl>
  );
}

/** What the change would cost, asked of the API each time the choice changes; nothing is changed by asking. */
function QuotePreview({ memberId, current, choice }: { memberId: string; current: CurrentTerm; choice: PlanChoice }) {
  const t = useTranslations("members.subscriptionDialogs.quote");
  const failureText = useFailureText();
  const api = useConsoleApi();
  const unchanged = choice.planId === current.planId && choice.billingPeriod === current.billingPeriod;
  const quote = useQuery({
    queryKey: ["subscriptions", memberId, "quote", current.id, choice],
    queryFn: () =>
      api.subscriptions.quotePlanChange(memberId, current.id, {
        planId: choice.planId,
        billingPeriod: choice.billingPeriod,
      }),
    enabled: choice.planId !== "" && !unchanged,
    staleTime: 0,
  });
  const content = !choice.planId ? (
    <p className="muted">{t("choose")}</p>
  ) : unchanged ? (
    <p className="notice notice-warn">{t("unchanged")}</p>
  ) : quote.isPending ? (
    <p className="muted">{t("calculating")}</p>
  ) : quote.isError ? (
    <p className="error-summary">{t("failed", { reason: failureText(formFailureOf(quote.error)) })}</p>
  ) : (
    <QuoteFigures quote={quote.data} current={current} />
  );
  return (
    <section className="quote-preview" aria-label={t("label")} aria-live="polite">
      {content}
    </section>
  );
}

/** A new plan or period from now: the current term is canceled and its unused part credited. */
export function ChangePlanDialog({ memberId, term, onClose, onDone }: TermDialogProps<CurrentTerm>) {
  const t = useTranslations("members.subscriptionDialogs.changePlan");
  const format = useClubFormat();
  const termName = useTermName();
  const missingPlan = useMissingPlan();
  const api = useConsoleApi();
  const [choice, setChoice] = useState<PlanChoice>({ planId: "", billingPeriod: term.billingPeriod });
  const form = useFormMutation((input: PlanChoice) => api.subscriptions.changePlan(memberId, term.id, input), {
    codeFields: PLAN_FIELDS,
    precheck: missingPlan,
    onSuccess: (changed) => onDone(t("done", { term: termName(changed), date: format.day(changed.endsAt) })),
  });
  return (
    <FormDialog
      title={t("title", { term: termName(term) })}
      wide
      labels={usePlanChoiceLabels()}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={() => form.submit(choice)}
    >
      <p className="dialog-body">{t("lead")}</p>
      <PlanChoiceFields value={choice} onChange={setChoice} />
      <QuotePreview memberId={memberId} current={term} choice={choice} />
    </FormDialog>
  );
}

/** The next term on the same plan and period: after the current one, or from now once it has expired. */
export function RenewDialog({ memberId, term, onClose, onDone }: TermDialogProps<Term>) {
  const t = useTranslations("members.subscriptionDialogs.renew");
  const format = useClubFormat();
  const termName = useTermName();
  const api = useConsoleApi();
  return (
    <ConfirmDialog
      title={t("title", { term: termName(term) })}
      run={() => api.subscriptions.renew(memberId, term.id)}
      onSuccess={(next) => onDone(t("done", { from: format.day(next.startedAt), to: format.day(next.endsAt) }))}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
    >
      <p>{term.status === "active" ? t("afterCurrent", { date: format.day(term.endsAt) }) : t("fromNow")}</p>
    </ConfirmDialog>
  );
}

export function CancelDialog({ memberId, term, onClose, onDone }: TermDialogProps<CurrentTerm>) {
  const t = useTranslations("members.subscriptionDialogs.cancel");
  const termName = useTermName();
  const api = useConsoleApi();
  const form = useFormMutation(
    (reason: string) => api.subscriptions.cancel(memberId, term.id, { reason: reason || undefined }),
    {
      onSuccess: () => onDone(t("done", { term: termName(term) })),
    },
  );
  return (
    <FormDialog
      title={t("title", { term: termName(term) })}
      labels={{ reason: t("reason") }}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      dismissLabel={t("keep")}
      variant="danger"
      onSubmit={(data) => form.submit(textOf(data, "reason"))}
    >
      <p className="dialog-body">{t("lead")}</p>
      <TextAreaField name="reason" rows={2} maxLength={500} />
    </FormDialog>
  );
}
