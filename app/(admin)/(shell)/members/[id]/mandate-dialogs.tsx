"use client";

import { useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import type { MandateInput, MandateRow } from "@/console/invoice-api";
import { ConfirmDialog, FormDialog } from "@/console/ui/dialog";
import { ChoiceFieldset, type FormFailure, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { isSepaIban, isValidBicCode } from "@/lib/billing/sepa/identifiers";

type Done = (notice: string) => void;

/**
 * The signed mandate's details. The IBAN and BIC are checked here first, so a mistyped one is refused in the reader's
 * words before anything is sent (the API checks them again, with the same library).
 */
export function AddMandateDialog({
  memberId,
  onClose,
  onDone,
}: {
  memberId: string;
  onClose: () => void;
  onDone: Done;
}) {
  const t = useTranslations("invoices.member.mandateDialog");
  const api = useConsoleApi();
  const form = useFormMutation((input: MandateInput) => api.memberBilling.addMandate(memberId, input), {
    codeFields: { "Billing.MandateReferenceTaken": "reference" },
    precheck: (input): FormFailure | null => {
      const fields: Record<string, string[]> = {};
      if (!isSepaIban(input.iban)) fields.iban = [t("ibanInvalid")];
      if (input.bic && !isValidBicCode(input.bic)) fields.bic = [t("bicInvalid")];
      const [first] = Object.values(fields);
      return first?.[0] ? { message: first[0], fields } : null;
    },
    onSuccess: (mandate) => onDone(t("done", { reference: mandate.reference })),
  });
  return (
    <FormDialog
      title={t("title")}
      labels={{
        iban: t("iban"),
        bic: t("bic"),
        signedOn: t("signedOn"),
        reference: t("reference"),
        sequence: t("sequence"),
      }}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={(data) =>
        form.submit({
          iban: textOf(data, "iban"),
          bic: textOf(data, "bic") || null,
          signedOn: textOf(data, "signedOn"),
          reference: textOf(data, "reference") || undefined,
          sequence: data.get("sequence") === "recurring" ? "recurring" : "first",
        })
      }
    >
      <TextField name="iban" autoComplete="off" spellCheck={false} hint={t("ibanHint")} />
      <TextField name="bic" autoComplete="off" spellCheck={false} hint={t("bicHint")} />
      <TextField name="signedOn" type="date" />
      <TextField name="reference" autoComplete="off" maxLength={35} hint={t("referenceHint")} />
      <ChoiceFieldset name="sequence">
        <label className="checkbox">
          <input type="radio" name="sequence" value="first" defaultChecked />
          <span>{t("first")}</span>
        </label>
        <label className="checkbox">
          <input type="radio" name="sequence" value="recurring" />
          <span>{t("recurring")}</span>
        </label>
      </ChoiceFieldset>
    </FormDialog>
  );
}

export function RevokeMandateDialog({
  memberId,
  mandate,
  onClose,
  onDone,
}: {
  memberId: string;
  mandate: MandateRow;
  onClose: () => void;
  onDone: Done;
}) {
  const t = useTranslations("invoices.member.revokeDialog");
  const api = useConsoleApi();
  return (
    <ConfirmDialog
      title={t("title", { reference: mandate.reference })}
      run={() => api.memberBilling.revokeMandate(memberId, mandate.id)}
      onSuccess={() => onDone(t("done", { reference: mandate.reference }))}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      variant="danger"
    >
      <p>{t("body")}</p>
    </ConfirmDialog>
  );
}
