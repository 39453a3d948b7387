"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import { saveBlob } from "@/console/file-transfer";
import type { InvoiceRecord } from "@/console/invoice-api";

/**
 * The invoice's PDF as a download, read with the session like every API call and saved under its number. No preview
 * in the page: the console's policy lets no frame load a blob: URL nor any plugin content (object-src 'none').
 */
/** A PDF the API renders, fetched with the session and saved under `fileName`, with its pending and failed states. */
function usePdfDownload(read: () => Promise<Response>, fileName: string) {
  return useMutation({
    mutationFn: async () => (await read()).blob(),
    onSuccess: (blob) => saveBlob(blob, fileName),
  });
}

export function InvoicePdf({ invoice }: { invoice: Pick<InvoiceRecord, "id" | "number"> }) {
  const t = useTranslations("invoices.detail.pdf");
  const api = useConsoleApi();
  const download = usePdfDownload(() => api.invoices.pdf(invoice.id), `${invoice.number}.pdf`);
  return (
    <section className="card invoice-pdf" aria-labelledby="pdf-heading">
      <h2 id="pdf-heading">{t("title")}</h2>
      <p className="muted">{t("lead", { number: invoice.number })}</p>
      <div className="pdf-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-busy={download.isPending || undefined}
        >
          {download.isPending ? t("downloading") : t("download")}
        </button>
      </div>
      {download.isError && (
        <p className="field-error" role="alert">
          {t("failed")}
        </p>
      )}
    </section>
  );
}

/** A payment's receipt (GET …/payments/{paymentId}/receipt) as a download, to print or hand over at the desk. */
export function ReceiptDownload({
  invoice,
  paymentId,
  place,
}: {
  invoice: Pick<InvoiceRecord, "id" | "number">;
  paymentId: string;
  place: number;
}) {
  const t = useTranslations("invoices.detail.payments");
  const api = useConsoleApi();
  const download = usePdfDownload(
    () => api.invoices.receipt(invoice.id, paymentId),
    t("receiptFile", { number: invoice.number, place }),
  );
  return (
    <>
      <button
        type="button"
        className="button button-small"
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-busy={download.isPending || undefined}
        aria-label={t("receiptNamed", { place })}
      >
        {download.isPending ? t("receiptDownloading") : t("receipt")}
      </button>
      {download.isError && (
        <p className="field-error" role="alert">
          {t("receiptFailed")}
        </p>
      )}
    </>
  );
}
