"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { NewInvoiceInput } from "@/console/invoice-api";
import { FormDialog } from "@/console/ui/dialog";
import { type FormFailure, SelectField, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { useTypedAmount } from "../../billing/invoices/[id]/invoice-dialogs";

type Line = NewInvoiceInput["lines"][number];
/** The rates a desk picks from; "club" leaves the line at the club's default rate (settings). */
const RATES = ["club", "21", "10", "4", "exempt"] as const;
const MAX_LINES = 10;

/**
 * Invoices the member for things that are not a membership term (a locker, a course, a towel): one line each, at its
 * own IVA rate or exempt with its legal ground (docs/billing.md, Invoices staff write).
 */
export function NewInvoiceDialog({
  memberId,
  memberName,
  onClose,
  onDone,
}: {
  memberId: string;
  memberName: string;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const t = useTranslations("invoices.member.newInvoice");
  const api = useConsoleApi();
  const amounts = useTypedAmount();
  // Stable keys for the lines shown; a removed line's fields go with it.
  const [lines, setLines] = useState<{ key: number; exempt: boolean }[]>([{ key: 0, exempt: false }]);
  const form = useFormMutation((input: NewInvoiceInput) => api.invoices.issue(input), {
    onSuccess: (invoice) => onDone(t("done", { number: invoice.number })),
  });
  const field = (index: number, name: string) => `lines.${index}.${name}`;
  const labels = Object.fromEntries(
    lines.flatMap((_, index) => {
      const line = { line: index + 1 };
      return [
        [field(index, "description"), t("description", line)],
        [field(index, "amount"), t("amount", line)],
        [field(index, "taxRate"), t("taxRate", line)],
        [field(index, "exemptReason"), t("exemptReason", line)],
      ];
    }),
  );
  const read = (data: FormData): { lines: Line[]; refusal: FormFailure | null } => {
    const typed: Line[] = [];
    for (const [index, { exempt }] of lines.entries()) {
      const { amount, refusal } = amounts.read(data, field(index, "amount"));
      if (refusal) return { lines: [], refusal };
      const rate = textOf(data, field(index, "taxRate"));
      typed.push({
        description: textOf(data, field(index, "description")),
        amount,
        ...(exempt
          ? { taxRate: "0", exemptReason: textOf(data, field(index, "exemptReason")) }
          : rate !== "club" && { taxRate: rate }),
      });
    }
    return { lines: typed, refusal: null };
  };
  return (
    <FormDialog
      title={t("title", { name: memberName })}
      labels={{ ...labels, dueOn: t("dueOn") }}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={(data) => {
        const { lines: typed, refusal } = read(data);
        if (refusal) return form.refuse(refusal);
        form.submit({ memberId, lines: typed, dueOn: textOf(data, "dueOn") || undefined });
      }}
    >
      <p className="dialog-body">{t("explained")}</p>
      {lines.map(({ key, exempt }, index) => (
        <fieldset key={key} className="form-section">
          <legend>{t("line", { line: index + 1 })}</legend>
          <TextField name={field(index, "description")} maxLength={200} autoComplete="off" required />
          <TextField name={field(index, "amount")} inputMode="decimal" autoComplete="off" hint={t("amountHint")} />
          <SelectField
            name={field(index, "taxRate")}
            defaultValue="club"
            options={RATES.map((rate) => ({ value: rate, label: t(`rates.${rate}`) }))}
            onChange={(event) =>
              setLines((all) =>
                all.map((line) => (line.key === key ? { ...line, exempt: event.target.value === "exempt" } : line)),
              )
            }
          />
          {exempt && (
            <TextField
              name={field(index, "exemptReason")}
              maxLength={200}
              defaultValue={t("exemptDefault")}
              hint={t("exemptHint")}
            />
          )}
          {lines.length > 1 && (
            <button
              type="button"
              className="button button-danger-quiet"
              onClick={() => setLines((all) => all.filter((line) => line.key !== key))}
            >
              {t("remove", { line: index + 1 })}
            </button>
          )}
        </fieldset>
      ))}
      {lines.length < MAX_LINES && (
        <button
          type="button"
          className="button"
          onClick={() =>
            setLines((all) => [...all, { key: Math.max(...all.map((line) => line.key)) + 1, exempt: false }])
          }
        >
          {t("add")}
        </button>
      )}
      <TextField name="dueOn" type="date" hint={t("dueOnHint")} />
    </FormDialog>
  );
}
