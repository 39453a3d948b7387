"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { InvoiceSeriesInput, InvoiceSeriesRecord } from "@/console/invoice-api";
import { StatusMessage } from "@/console/ui/feedback";
import { ConsoleForm, SubmitButton, TextField, textOf, useFormMutation } from "@/console/ui/forms";

const KINDS = ["invoice", "rectifying"] as const;
type Kind = (typeof KINDS)[number];

/**
 * The next number as typed, sent only when changed: a new prefix left alone starts where that series is, and a series
 * that has issued this year refuses another start (Billing.SeriesStarted, shown beside the field).
 */
function nextNumberOf(data: FormData, kind: Kind, series: InvoiceSeriesRecord): number | undefined {
  const typed = textOf(data, `${kind}.nextNumber`);
  if (typed === "" || typed === String(series[kind].nextNumber)) return undefined;
  return /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
}

/**
 * The club's invoice numbering (PUT /api/billing/series): the prefix of its invoices and of its rectifying invoices,
 * and where a club coming from another system goes on this year, while a series has issued nothing here yet.
 */
export function InvoiceSeriesForm({ initial, canWrite }: { initial: InvoiceSeriesRecord; canWrite: boolean }) {
  const t = useTranslations("settings.series");
  const api = useConsoleApi();
  const [series, setSeries] = useState(initial);
  const [saved, setSaved] = useState(false);
  const form = useFormMutation((body: InvoiceSeriesInput) => api.invoiceSeries.update(body), {
    onSuccess: (answer) => {
      setSeries(answer);
      setSaved(true);
    },
  });
  const labels = {
    "invoice.prefix": t("invoicePrefix"),
    "invoice.nextNumber": t("invoiceNextNumber"),
    "rectifying.prefix": t("rectifyingPrefix"),
    "rectifying.nextNumber": t("rectifyingNextNumber"),
  };
  return (
    <section className="card settings-card report-section" aria-labelledby="invoice-series-title">
      <h2 id="invoice-series-title">{t("title")}</h2>
      <p className="page-lead">{t("lead", { year: series.year })}</p>
      {saved && <StatusMessage onDismiss={() => setSaved(false)}>{t("saved")}</StatusMessage>}
      <ConsoleForm
        labels={labels}
        failure={form.failure}
        onSubmit={(data) => {
          setSaved(false);
          const body = {
            invoice: { prefix: textOf(data, "invoice.prefix"), nextNumber: nextNumberOf(data, "invoice", series) },
            rectifying: {
              prefix: textOf(data, "rectifying.prefix"),
              nextNumber: nextNumberOf(data, "rectifying", series),
            },
          };
          const unreadable = KINDS.filter((kind) => Number.isNaN(body[kind].nextNumber));
          if (unreadable.length > 0) {
            const message = t("wholeNumber");
            return form.refuse({
              message,
              fields: Object.fromEntries(unreadable.map((kind) => [`${kind}.nextNumber`, [message]])),
            });
          }
          form.submit(body);
        }}
      >
        <fieldset className="settings-fields" disabled={!canWrite}>
          {KINDS.map((kind) => {
            const state = series[kind];
            const started = state.lastNumber !== null;
            return (
              <fieldset className="form-section" key={`${kind}-${state.prefix}-${state.nextNumber}`}>
                <legend>{t(kind)}</legend>
                <TextField
                  name={`${kind}.prefix`}
                  defaultValue={state.prefix}
                  autoCapitalize="characters"
                  spellCheck={false}
                  hint={t("prefixHint")}
                />
                <TextField
                  name={`${kind}.nextNumber`}
                  defaultValue={String(state.nextNumber)}
                  inputMode="numeric"
                  hint={
                    started
                      ? t("nextNumberStarted", { next: state.nextShown })
                      : t("nextNumberHint", { next: state.nextShown })
                  }
                />
              </fieldset>
            );
          })}
        </fieldset>
        {canWrite && (
          <div className="form-actions">
            <SubmitButton pending={form.pending}>{t("save")}</SubmitButton>
          </div>
        )}
      </ConsoleForm>
    </section>
  );
}
