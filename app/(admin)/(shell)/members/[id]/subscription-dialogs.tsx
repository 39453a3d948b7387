"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { MemberRecord, PlanChangeQuote, SubscriptionRow } from "@/console/club-api";
import { BILLING_PERIODS, formatDay, formatMoney } from "@/console/format";
import { ConfirmDialog, FormDialog } from "@/console/ui/dialog";
import { formFailureOf, TextAreaField, textOf, useFormMutation } from "@/console/ui/forms";
import { missingPlan, PLAN_CHOICE_LABELS, type PlanChoice, PlanChoiceFields, planCodeFields } from "../plan-choice";

/** The subscription in force, as the member detail carries it. */
export type CurrentTerm = NonNullable<MemberRecord["currentSubscription"]>;
/** A term an action applies to: the current one, or the last one once it has expired. */
type Term = Pick<SubscriptionRow, "id" | "planName" | "billingPeriod" | "endsAt" | "status">;

type Done = (notice: string) => void;
type TermDialogProps<T> = { memberId: string; term: T; onClose: () => void; onDone: Done };

const termName = (term: Pick<Term, "planName" | "billingPeriod">) =>
  `${term.planName} (${BILLING_PERIODS[term.billingPeriod].toLowerCase()})`;
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
  const api = useConsoleApi();
  const [choice, setChoice] = useState<PlanChoice>({ planId: "", billingPeriod: "monthly" });
  const form = useFormMutation(
    (input: PlanChoice & { autoRenew: boolean }) => api.subscriptions.create(memberId, input),
    {
      codeFields: PLAN_FIELDS,
      precheck: missingPlan,
      onSuccess: (term) => onDone(`Subscribed to ${termName(term)} until ${formatDay(term.endsAt)}.`),
    },
  );
  return (
    <FormDialog
      title="New subscription"
      labels={PLAN_CHOICE_LABELS}
      form={form}
      onClose={onClose}
      submitLabel="Subscribe"
      pendingLabel="Subscribing…"
      onSubmit={(data) => form.submit({ ...choice, autoRenew: data.has("autoRenew") })}
    >
      <p className="dialog-body">The term starts now, at the plan&apos;s current price for the period.</p>
      <PlanChoiceFields value={choice} onChange={setChoice} autoRenew={{ defaultChecked: true }} />
    </FormDialog>
  );
}

function QuoteFigures({ quote, current }: { quote: PlanChangeQuote; current: CurrentTerm }) {
  return (
    <dl className="quote">
      <dt>New price ({BILLING_PERIODS[quote.billingPeriod].toLowerCase()})</dt>
      <dd>{formatMoney(quote.price, quote.currency)}</dd>
      <dt>Credit for the unused part of {current.planName}</dt>
      <dd>− {formatMoney(quote.prorationCredit, quote.currency)}</dd>
      <dt className="quote-total">Amount due now</dt>
      <dd className="quote-total">{formatMoney(quote.amountDue, quote.currency)}</dd>
    </dl>
  );
}

/** What the change would cost, asked of the API each time the choice changes; nothing is changed by asking. */
function QuotePreview({ memberId, current, choice }: { memberId: string; current: CurrentTerm; choice: PlanChoice }) {
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
    <p className="muted">Choose a plan to see the price, the credit and the amount due.</p>
  ) : unchanged ? (
    <p className="notice notice-warn">That is the current plan and billing period.</p>
  ) : quote.isPending ? (
    <p className="muted">Calculating the price…</p>
  ) : quote.isError ? (
    <p className="error-summary">The price could not be calculated: {formFailureOf(quote.error).message}</p>
  ) : (
    <QuoteFigures quote={quote.data} current={current} />
  );
  return (
    <section className="quote-preview" aria-label="Price of the change" aria-live="polite">
      {content}
    </section>
  );
}

/** A new plan or period from now: the current term is canceled and its unused part credited. */
export function ChangePlanDialog({ memberId, term, onClose, onDone }: TermDialogProps<CurrentTerm>) {
  const api = useConsoleApi();
  const [choice, setChoice] = useState<PlanChoice>({ planId: "", billingPeriod: term.billingPeriod });
  const form = useFormMutation((input: PlanChoice) => api.subscriptions.changePlan(memberId, term.id, input), {
    codeFields: PLAN_FIELDS,
    precheck: missingPlan,
    onSuccess: (changed) => onDone(`Plan changed to ${termName(changed)}, until ${formatDay(changed.endsAt)}.`),
  });
  return (
    <FormDialog
      title={`Change plan of ${termName(term)}`}
      wide
      labels={PLAN_CHOICE_LABELS}
      form={form}
      onClose={onClose}
      submitLabel="Change plan"
      pendingLabel="Changing…"
      onSubmit={() => form.submit(choice)}
    >
      <p className="dialog-body">
        The new term starts now; the current one ends and its unused days are credited. Auto-renewal stays as it is.
      </p>
      <PlanChoiceFields value={choice} onChange={setChoice} />
      <QuotePreview memberId={memberId} current={term} choice={choice} />
    </FormDialog>
  );
}

/** The next term on the same plan and period: after the current one, or from now once it has expired. */
export function RenewDialog({ memberId, term, onClose, onDone }: TermDialogProps<Term>) {
  const api = useConsoleApi();
  return (
    <ConfirmDialog
      title={`Renew ${termName(term)}?`}
      run={() => api.subscriptions.renew(memberId, term.id)}
      onSuccess={(next) =>
        onDone(`Renewed: the next term runs from ${formatDay(next.startedAt)} to ${formatDay(next.endsAt)}.`)
      }
      onClose={onClose}
      submitLabel="Renew"
      pendingLabel="Renewing…"
    >
      <p>
        {term.status === "active"
          ? `The next term starts when this one ends, on ${formatDay(term.endsAt)},`
          : "A new term starts now,"}{" "}
        at the plan&apos;s current price.
      </p>
    </ConfirmDialog>
  );
}

export function CancelDialog({ memberId, term, onClose, onDone }: TermDialogProps<CurrentTerm>) {
  const api = useConsoleApi();
  const form = useFormMutation(
    (reason: string) => api.subscriptions.cancel(memberId, term.id, { reason: reason || undefined }),
    {
      onSuccess: () => onDone(`The ${termName(term)} subscription is canceled.`),
    },
  );
  return (
    <FormDialog
      title={`Cancel ${termName(term)}?`}
      labels={{ reason: "Reason (optional)" }}
      form={form}
      onClose={onClose}
      submitLabel="Cancel subscription"
      pendingLabel="Canceling…"
      dismissLabel="Keep subscription"
      variant="danger"
      onSubmit={(data) => form.submit(textOf(data, "reason"))}
    >
      <p className="dialog-body">
        It ends now and will not renew; a renewal queued after it is canceled too. The reason is kept in the audit
        trail.
      </p>
      <TextAreaField name="reason" rows={2} maxLength={500} />
    </FormDialog>
  );
}
