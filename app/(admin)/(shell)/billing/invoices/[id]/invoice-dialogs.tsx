"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import { useClubFormat } from "@/console/i18n/club-format";
import { parseMoneyInput } from "@/console/i18n/format";
import type { InvoiceRecord, PaymentMethod, RefundInput } from "@/console/invoice-api";
import { FormDialog } from "@/console/ui/dialog";
import {
  ChoiceFieldset,
  type FormFailure,
  SelectField,
  TextAreaField,
  TextField,
  textOf,
  useFormMutation,
} from "@/console/ui/forms";

export type MovementKind = "payment" | "refund";
/** A payment's or refund's answer, as the dialog reads it (a refund may have issued a rectifying invoice). */
type RecordedMovement = { payment: { amount: string }; rectifyingInvoice?: { number: string } | null };
type Done = (notice: string) => void;
type InvoiceDialogProps = { invoice: InvoiceRecord; onClose: () => void; onDone: Done };

const ZERO = "0.00";
const METHODS = ["cash", "card", "bank_transfer", "direct_debit"] as const satisfies readonly PaymentMethod[];

/**
 * An amount from a form's field as the API takes it ("20.00" from "20,00"), or the refusal to show on that field
 * before anything is sent.
 */
export function useTypedAmount(): {
  read: (data: FormData, name: string) => { amount: string; refusal: null } | { amount: null; refusal: FormFailure };
  /** An API amount ("49.90") as the reader types it ("49,90"). */
  typed: (amount: string) => string;
} {
  const t = useTranslations("invoices");
  const format = useClubFormat();
  const decimalSeparator = format.count(1.5).replace(/\d/g, "");
  return {
    read: (data, name) => {
      const amount = parseMoneyInput(textOf(data, name));
      if (amount !== null) return { amount, refusal: null };
      const message = t("amountUnreadable");
      return { amount: null, refusal: { message, fields: { [name]: [message] } } };
    },
    typed: (amount) => amount.replace(".", decimalSeparator),
  };
}

/**
 * Records a payment (defaulting to what is still owed) or a refund (up to what was paid; defaulting to what a credit
 * after payment left the club owing the member, else to all that was paid).
 */
export function MovementDialog({ kind, invoice, onClose, onDone }: InvoiceDialogProps & { kind: MovementKind }) {
  const t = useTranslations("invoices.dialogs");
  const methods = useTranslations("invoices.method");
  const format = useClubFormat();
  const api = useConsoleApi();
  const amounts = useTypedAmount();
  const money = (amount: string) => format.money(amount, invoice.currency);
  const creditToGiveBack = kind === "refund" && invoice.refundDue !== ZERO;
  const suggested = kind === "payment" ? invoice.amountDue : creditToGiveBack ? invoice.refundDue : invoice.paidAmount;
  const form = useFormMutation(
    (input: RefundInput): Promise<RecordedMovement> =>
      kind === "payment" ? api.invoices.pay(invoice.id, input) : api.invoices.refund(invoice.id, input),
    {
      codeFields: { "Billing.Overpayment": "amount", "Billing.RefundExceedsPaid": "amount" },
      onSuccess: (recorded) => {
        const words = { amount: money(recorded.payment.amount), number: invoice.number };
        const rectifying = recorded.rectifyingInvoice;
        onDone(
          rectifying
            ? t("refund.doneRectified", { ...words, rectifying: rectifying.number })
            : t(`${kind}.done`, words),
        );
      },
    },
  );
  return (
    <FormDialog
      title={t(`${kind}.title`, { number: invoice.number })}
      labels={{ amount: t("amount"), method: t("method"), paidOn: t("paidOn"), reference: t("reference") }}
      form={form}
      onClose={onClose}
      submitLabel={t(`${kind}.submit`)}
      pendingLabel={t(`${kind}.pending`)}
      onSubmit={(data) => {
        const { amount, refusal } = amounts.read(data, "amount");
        if (refusal) return form.refuse(refusal);
        form.submit({
          amount,
          method: METHODS.find((method) => method === data.get("method")) ?? "cash",
          paidOn: textOf(data, "paidOn") || undefined,
          reference: textOf(data, "reference") || undefined,
          ...(kind === "refund" && { reopensInvoice: data.get("reopensInvoice") === "on" }),
        });
      }}
    >
      {kind === "refund" && <p className="dialog-body">{t("refund.explained")}</p>}
      <TextField
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={amounts.typed(suggested)}
        hint={
          creditToGiveBack
            ? t("refund.creditHint", { amount: money(invoice.refundDue), paid: money(invoice.paidAmount) })
            : t(`${kind}.amountHint`, { amount: money(suggested) })
        }
      />
      <SelectField
        name="method"
        defaultValue="cash"
        options={METHODS.map((method) => ({ value: method, label: methods(method) }))}
      />
      <TextField name="paidOn" type="date" min={invoice.issuedOn} hint={t("paidOnHint")} />
      <TextField name="reference" maxLength={200} autoComplete="off" />
      {kind === "refund" && (
        <label className="checkbox">
          <input type="checkbox" name="reopensInvoice" />
          <span>{t("refund.reopens")}</span>
        </label>
      )}
    </FormDialog>
  );
}

/** The invoice actions ConfirmActionDialog asks to confirm; each answers with the invoice it leaves (new or the same). */
export type ConfirmedAction = "reissue" | "substitute" | "correctVerifactu";

/**
 * An action on the invoice that takes nothing but a confirmation: a term's invoice issued again after it was credited
 * in full (docs/billing.md, Reissuing a term's invoice), a full invoice in place of a paid simplified one once the
 * member's NIF is on their record (Substituting a simplified invoice), or its VERI*FACTU record sent again corrected
 * (Correcting a record the AEAT refused).
 */
export function ConfirmActionDialog({ invoice, onClose, onDone, as }: InvoiceDialogProps & { as: ConfirmedAction }) {
  const t = useTranslations(`invoices.dialogs.${as}`);
  const api = useConsoleApi();
  const form = useFormMutation(() => api.invoices[as](invoice.id), {
    onSuccess: (issued) => onDone(t("done", { number: issued.number })),
  });
  return (
    <FormDialog
      title={t("title", { number: invoice.number })}
      labels={{}}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={() => form.submit(undefined)}
    >
      <p className="dialog-body">{t("explained", { number: invoice.number })}</p>
    </FormDialog>
  );
}

export function WriteOffDialog({ invoice, onClose, onDone }: InvoiceDialogProps) {
  const t = useTranslations("invoices.dialogs.writeOff");
  const format = useClubFormat();
  const api = useConsoleApi();
  const form = useFormMutation((reason: string) => api.invoices.writeOff(invoice.id, { reason }), {
    onSuccess: () => onDone(t("done", { number: invoice.number })),
  });
  return (
    <FormDialog
      title={t("title", { number: invoice.number })}
      labels={{ reason: t("reason") }}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      variant="danger"
      onSubmit={(data) => form.submit(textOf(data, "reason"))}
    >
      <p className="dialog-body">{t("explained", { amount: format.money(invoice.amountDue, invoice.currency) })}</p>
      <TextAreaField name="reason" rows={2} maxLength={500} />
    </FormDialog>
  );
}

/** Issues a rectifying invoice for all that is left of the invoice, or for part of it. */
export function RectifyDialog({ invoice, onClose, onDone }: InvoiceDialogProps) {
  const t = useTranslations("invoices.dialogs.rectify");
  const api = useConsoleApi();
  const amounts = useTypedAmount();
  const [partial, setPartial] = useState(false);
  const form = useFormMutation(
    (input: { reason: string; amount?: string }) => api.invoices.rectify(invoice.id, input),
    {
      codeFields: { "Billing.AmountExceedsInvoice": "amount" },
      onSuccess: (rectifying) => onDone(t("done", { number: rectifying.number })),
    },
  );
  return (
    <FormDialog
      title={t("title", { number: invoice.number })}
      labels={{ scope: t("scope"), amount: t("amount"), reason: t("reason") }}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={(data) => {
        const reason = textOf(data, "reason");
        if (!partial) return form.submit({ reason });
        const { amount, refusal } = amounts.read(data, "amount");
        if (refusal) return form.refuse(refusal);
        form.submit({ reason, amount });
      }}
    >
      <p className="dialog-body">{t("explained")}</p>
      <ChoiceFieldset name="scope">
        <label className="checkbox">
          <input type="radio" name="scope" value="full" checked={!partial} onChange={() => setPartial(false)} />
          <span>{t("full")}</span>
        </label>
        <label className="checkbox">
          <input type="radio" name="scope" value="partial" checked={partial} onChange={() => setPartial(true)} />
          <span>{t("partial")}</span>
        </label>
      </ChoiceFieldset>
      {partial && <TextField name="amount" inputMode="decimal" autoComplete="off" hint={t("amountHint")} />}
      <TextAreaField name="reason" rows={2} maxLength={500} />
    </FormDialog>
  );
}
