"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import { useClubFormat } from "@/console/i18n/club-format";
import type { RemittanceRecord, ReturnImportReport } from "@/console/remittances-api";
import { ConfirmDialog, FormDialog } from "@/console/ui/dialog";
import { SelectField, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { REASON_CODES } from "@/lib/billing/sepa/reason-codes";
import { useRemittanceLooks } from "../remittance-words";

type DialogProps = { remittance: RemittanceRecord; onClose: () => void; onDone: (notice: string) => void };

/** After the file is with the bank: its invoices are being collected. Says what that changes before it does it. */
export function SendDialog({ remittance, onClose, onDone }: DialogProps) {
  const t = useTranslations("remittances.send");
  const format = useClubFormat();
  const api = useConsoleApi();
  return (
    <ConfirmDialog
      title={t("title")}
      run={() => api.remittances.send(remittance.id)}
      onSuccess={() => onDone(t("done", { count: remittance.itemCount }))}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
    >
      <p>{t("when", { date: format.calendarDate(remittance.collectionDate) })}</p>
      <ul>
        <li>{t("pendingCollection", { count: remittance.itemCount })}</li>
        <li>{t("recurring")}</li>
        <li>{t("final")}</li>
      </ul>
    </ConfirmDialog>
  );
}

/** A draft goes away and its invoices are free for another remittance. */
export function DeleteDialog({ remittance, onClose }: Omit<DialogProps, "onDone">) {
  const t = useTranslations("remittances.delete");
  const api = useConsoleApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  return (
    <ConfirmDialog
      title={t("title")}
      run={() => api.remittances.remove(remittance.id)}
      onSuccess={async () => {
        await queryClient.invalidateQueries({ queryKey: ["remittances"], refetchType: "none" });
        router.replace("/billing/remittances");
      }}
      holdAfterSuccess
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      variant="danger"
    >
      <p>{t("consequences", { count: remittance.itemCount })}</p>
    </ConfirmDialog>
  );
}

/** Records that the bank collected every debit not returned. */
export function SettleDialog({ remittance, onClose, onDone }: DialogProps) {
  const t = useTranslations("remittances.settle");
  const format = useClubFormat();
  const api = useConsoleApi();
  return (
    <ConfirmDialog
      title={t("title")}
      run={() => api.remittances.settle(remittance.id)}
      onSuccess={({ collected }) => onDone(t("done", { count: collected }))}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
    >
      <p>{t("explained", { date: format.calendarDate(remittance.collectionDate) })}</p>
      <p>{t("laterReturns")}</p>
    </ConfirmDialog>
  );
}

/** The SEPA reason codes in the reader's words. */
function useReasonOptions() {
  const looks = useRemittanceLooks();
  return REASON_CODES.map((code) => ({ value: code, label: looks.reason(code) }));
}

/** One debit returned by hand, with the bank's reason (when the bank told the club without a file). */
export function ManualReturnDialog({
  remittance,
  invoiceNumber,
  onClose,
  onReported,
}: Omit<DialogProps, "onDone"> & { invoiceNumber?: string; onReported: (report: ReturnImportReport) => void }) {
  const t = useTranslations("remittances.manualReturn");
  const api = useConsoleApi();
  const reasons = useReasonOptions();
  const returnable = remittance.items.filter((item) => item.status !== "returned");
  const form = useFormMutation(
    (body: { invoiceNumber: string; reasonCode: string }) => api.remittances.importReturns(remittance.id, body),
    { onSuccess: onReported },
  );
  return (
    <FormDialog
      title={t("title")}
      labels={{ invoiceNumber: t("invoice"), reasonCode: t("reason") }}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={(data) =>
        form.submit({ invoiceNumber: textOf(data, "invoiceNumber"), reasonCode: textOf(data, "reasonCode") })
      }
    >
      <p className="dialog-body">{t("explained")}</p>
      <SelectField
        name="invoiceNumber"
        defaultValue={invoiceNumber}
        options={returnable.map((item) => ({
          value: item.invoiceNumber,
          label: `${item.invoiceNumber} · ${item.customerName}`,
        }))}
      />
      <SelectField name="reasonCode" defaultValue="AM04" options={reasons} hint={t("reasonHint")} />
    </FormDialog>
  );
}

/** The bank's return file (pain.002 rejections before the collection, camt.054 returns after it), read as text. */
export function ReturnFileDialog({
  remittance,
  onClose,
  onReported,
}: Omit<DialogProps, "onDone"> & { onReported: (report: ReturnImportReport) => void }) {
  const t = useTranslations("remittances.returnFile");
  const api = useConsoleApi();
  const form = useFormMutation((file: string) => api.remittances.importReturns(remittance.id, { file }), {
    onSuccess: onReported,
  });
  return (
    <FormDialog
      title={t("title")}
      labels={{ file: t("file") }}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={(data) => {
        const file = data.get("file");
        if (!(file instanceof File) || file.size === 0) form.refuse({ message: t("choose"), fields: {} });
        else void file.text().then((text) => form.submit(text));
      }}
    >
      <p className="dialog-body">{t("explained")}</p>
      <TextField name="file" type="file" accept=".xml,application/xml,text/xml" hint={t("fileHint")} />
    </FormDialog>
  );
}
