"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { type ClubSettingsRecord, useConsoleApi } from "@/console/api-client";
import { ClubLocaleFields, clubLocaleOf } from "@/console/ui/club-locale-fields";
import { StatusMessage } from "@/console/ui/feedback";
import { ConsoleForm, SubmitButton, TextAreaField, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { BillingSettingsForm } from "./billing-settings-form";

/**
 * The club's settings, then its billing settings: one record, so each form sends the version the other's save left
 * (If-Match); a save applies to every page at once (the page is rendered again in the new language).
 */
export function SettingsForm({
  initial,
  currencyLocked,
  canWrite,
}: {
  initial: ClubSettingsRecord;
  currencyLocked: boolean;
  canWrite: boolean;
}) {
  const t = useTranslations("settings");
  const api = useConsoleApi();
  const router = useRouter();
  const [settings, setSettings] = useState(initial);
  const [saved, setSaved] = useState(false);
  const form = useFormMutation(
    (body: Parameters<typeof api.settings.update>[0]) => api.settings.update(body, settings.version),
    {
      onSuccess: (answer) => {
        setSettings(answer);
        setSaved(true);
        router.refresh();
      },
    },
  );
  const labels = {
    clubName: t("fields.clubName"),
    description: t("fields.description"),
    language: t("fields.language"),
    timeZone: t("fields.timeZone"),
    currency: t("fields.currency"),
  };
  return (
    <>
      <div className="card settings-card">
        {saved && <StatusMessage onDismiss={() => setSaved(false)}>{t("page.saved")}</StatusMessage>}
        <ConsoleForm
          labels={labels}
          failure={form.failure}
          onSubmit={(data) => {
            setSaved(false);
            form.submit({
              clubName: textOf(data, "clubName"),
              description: textOf(data, "description") || null,
              ...clubLocaleOf(data),
            });
          }}
        >
          <fieldset className="settings-fields" disabled={!canWrite}>
            <TextField name="clubName" defaultValue={settings.clubName} autoComplete="organization" />
            <TextAreaField
              name="description"
              defaultValue={settings.description ?? undefined}
              hint={t("fields.descriptionHint")}
              rows={3}
            />
            <ClubLocaleFields initial={settings} currencyLocked={currencyLocked} />
            {currencyLocked && (
              <p className="field-hint">{t("page.currencyLocked", { currency: settings.currency })}</p>
            )}
          </fieldset>
          {canWrite && (
            <div className="form-actions">
              <SubmitButton pending={form.pending}>{t("page.save")}</SubmitButton>
            </div>
          )}
        </ConsoleForm>
      </div>
      <BillingSettingsForm
        settings={settings}
        canWrite={canWrite}
        onSaved={(answer) => {
          setSettings(answer);
          router.refresh();
        }}
      />
    </>
  );
}
