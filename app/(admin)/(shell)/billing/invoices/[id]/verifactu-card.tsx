"use client";

import { useTranslations } from "next-intl";
import type { InvoiceRecord } from "@/console/invoice-api";
import { StatusBadge } from "@/console/ui/feedback";

type Submission = NonNullable<InvoiceRecord["verifactu"]>["status"];

const BADGES: Readonly<Record<Submission, string>> = {
  pending: "badge-pending",
  accepted: "badge-active",
  accepted_with_errors: "badge-pending",
  rejected: "badge-blocked",
};

/** What the tax agency objected to, so the record may be sent again corrected. */
const CORRECTABLE: ReadonlySet<Submission> = new Set(["rejected", "accepted_with_errors"]);

/**
 * The invoice's VERI*FACTU record (docs/billing.md, VERI*FACTU): its type, whether the tax agency has it and what it
 * said, a link to the agency's own check of the invoice (what its QR code holds), and, when the agency rejected the
 * record or accepted it with errors, the way to send it again corrected (`onCorrect`, offered to staff who may).
 */
export function VerifactuCard({ invoice, onCorrect }: { invoice: InvoiceRecord; onCorrect?: () => void }) {
  const t = useTranslations("invoices.detail.verifactu");
  const record = invoice.verifactu;
  return (
    <section className="card" aria-labelledby="verifactu-heading">
      <h2 id="verifactu-heading">{t("title")}</h2>
      {record ? (
        <dl className="definition-list">
          <dt>{t("type")}</dt>
          <dd>{t(`types.${record.invoiceType}`)}</dd>
          <dt>{t("status")}</dt>
          <dd>
            <StatusBadge look={{ label: t(`statuses.${record.status}`), badge: BADGES[record.status] }} />
            {record.error && (
              <div className="cell-secondary">
                {record.errorCode ? t("error", { code: record.errorCode, error: record.error }) : record.error}
              </div>
            )}
          </dd>
          {record.corrections > 0 && (
            <>
              <dt>{t("correctionsTerm")}</dt>
              <dd>{t("corrections", { count: record.corrections })}</dd>
            </>
          )}
          {record.csv && (
            <>
              <dt>{t("csv")}</dt>
              <dd>{record.csv}</dd>
            </>
          )}
          <dt>{t("check")}</dt>
          <dd>
            <a href={record.qrUrl} target="_blank" rel="noopener noreferrer">
              {t("checkLink")}
            </a>
          </dd>
        </dl>
      ) : (
        <p className="muted">{t("none")}</p>
      )}
      {record && onCorrect && CORRECTABLE.has(record.status) && (
        <div className="card-actions">
          <p className="field-hint">{t("correctHint")}</p>
          <button type="button" className="button" onClick={onCorrect}>
            {t("correct")}
          </button>
        </div>
      )}
    </section>
  );
}
