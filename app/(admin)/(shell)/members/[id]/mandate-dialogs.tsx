"use client";

import { useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import type { MandateAmendment, MandateInput, MandateRow } from "@/console/invoice-api";
import { ConfirmDialog, FormDialog } from "@/console/ui/dialog";
import { ChoiceFieldset, type FormFailure, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { isSepaIban, isValidBicCode } from "@/lib/billing/sepa/identifiers";

type Done = (notice: string) => void;
/** A dialog about one of the member's mandates. */
type MandateDialogProps = { memberId: string; mandate: MandateRow; onClose: () => void; onDone: Done };

/** An account's IBAN and BIC checked before anything is sent, in the reader's words (the API checks them again). */
function accountFailure(
  input: { iban: string; bic?: string | null },
  words: { ibanInvalid: string; bicInvalid: string },
): FormFailure | null {
  const fields: Record<string, string[]> = {};
  if (!isSepaIban(input.iban)) fields.iban = [words.ibanInvalid];
  if (input.bic && !isValidBicCode(input.bic)) fields.bic = [words.bicInvalid];
  const [first] = Object.values(fields);
  return first?.[0] ? { message: first[0], fields } : null;
}

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
    precheck: (input) => accountFailure(input, { ibanInvalid: t("ibanInvalid"), bicInvalid: t("bicInvalid") }),
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

/**
 * The member pays from another account under the same signed mandate (docs/billing.md, mandate amendments): the next
 * remittance tells the bank, with the account it replaces.
 */
export function AmendMandateDialog({ memberId, mandate, onClose, onDone }: MandateDialogProps) {
  const t = useTranslations("invoices.member.amendDialog");
  const words = useTranslations("invoices.member.mandateDialog");
  const api = useConsoleApi();
  const form = useFormMutation(
    (input: MandateAmendment) => api.memberBilling.amendMandate(memberId, mandate.id, input),
    {
      codeFields: { "Billing.MandateAccountUnchanged": "iban" },
      precheck: (input) =>
        accountFailure(input, { ibanInvalid: words("ibanInvalid"), bicInvalid: words("bicInvalid") }),
      onSuccess: (amended) => onDone(t("done", { reference: amended.reference })),
    },
  );
  return (
    <FormDialog
      title={t("title", { reference: mandate.reference })}
      labels={{ iban: t("iban"), bic: words("bic") }}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={(data) => form.submit({ iban: textOf(data, "iban"), bic: textOf(data, "bic") || null })}
    >
      <p>{t("body")}</p>
      <TextField name="iban" autoComplete="off" spellCheck={false} hint={words("ibanHint")} />
      <TextField name="bic" autoComplete="off" spellCheck={false} hint={words("bicHint")} />
    </FormDialog>
  );
}

export function RevokeMandateDialog({ memberId, mandate, onClose, onDone }: MandateDialogProps) {
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
