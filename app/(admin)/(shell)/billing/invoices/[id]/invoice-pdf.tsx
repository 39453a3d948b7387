"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import { saveBlob, useObjectUrl } from "@/console/file-transfer";
import type { InvoiceRecord } from "@/console/invoice-api";
import { LoadError } from "@/console/ui/feedback";

/**
 * The invoice's PDF: a download, and on a wide screen a preview on request in a titled frame (phones' browsers do not
 * show a PDF in a frame; they get the download alone). Both read the PDF with the bearer token, as a Blob.
 */
export function InvoicePdf({ invoice }: { invoice: Pick<InvoiceRecord, "id" | "number"> }) {
  const t = useTranslations("invoices.detail.pdf");
  const api = useConsoleApi();
  const [previewing, setPreviewing] = useState(false);
  const fetchPdf = async () => (await api.invoices.pdf(invoice.id)).blob();
  const download = useMutation({
    mutationFn: fetchPdf,
    onSuccess: (blob) => saveBlob(blob, `${invoice.number}.pdf`),
  });
  const preview = useQuery({ queryKey: ["invoices", "pdf", invoice.id], queryFn: fetchPdf, enabled: previewing });
  const url = useObjectUrl(preview.data);
  return (
    <section className="card invoice-pdf" aria-labelledby="pdf-heading">
      <div className="card-header">
        <h2 id="pdf-heading">{t("title")}</h2>
      </div>
      <div className="card-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-busy={download.isPending || undefined}
        >
          {download.isPending ? t("downloading") : t("download")}
        </button>
        {!previewing && (
          <button type="button" className="button pdf-preview-toggle" onClick={() => setPreviewing(true)}>
            {t("showPreview")}
          </button>
        )}
      </div>
      {download.isError && <p className="field-error">{t("failed")}</p>}
      {previewing &&
        (preview.isError ? (
          <LoadError message={t("failed")} onRetry={() => void preview.refetch()} />
        ) : url ? (
          <iframe className="pdf-preview" src={url} title={t("preview", { number: invoice.number })} />
        ) : (
          <p className="muted" role="status">
            {t("previewLoading")}
          </p>
        ))}
    </section>
  );
}
