"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { type ClubSettingsRecord, useConsoleApi } from "@/console/api-client";
import { BillingNotStarted } from "@/console/ui/billing-not-started";
import { StatusMessage } from "@/console/ui/feedback";
import {
  Checkbox,
  ConsoleForm,
  type FormFailure,
  SelectField,
  SubmitButton,
  TextField,
  textOf,
  useFormMutation,
} from "@/console/ui/forms";

type SettingsBody = Parameters<ReturnType<typeof useConsoleApi>["settings"]["update"]>[0];

const TAX_FIELDS = [
  "taxData.legalName",
  "taxData.taxId",
  "taxData.address.line",
  "taxData.address.postalCode",
  "taxData.address.city",
  "taxData.address.province",
] as const;

/** The reminder days as typed ("1, 4, 11"); anything not a number goes to the API as it is, which says what is wrong. */
const daysOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((day) => (/^\d+$/.test(day) ? Number(day) : day)) as number[];

/** The tax data, sent only once any of it is filled in: an empty form leaves billing not started, not refused. */
function taxDataOf(data: FormData): SettingsBody["taxData"] {
  if (TAX_FIELDS.every((name) => textOf(data, name) === "")) return undefined;
  return {
    legalName: textOf(data, "taxData.legalName"),
    taxId: textOf(data, "taxData.taxId"),
    address: {
      line: textOf(data, "taxData.address.line"),
      postalCode: textOf(data, "taxData.address.postalCode"),
      city: textOf(data, "taxData.address.city"),
      province: textOf(data, "taxData.address.province") || null,
      country: textOf(data, "taxData.address.country") || "ES",
    },
    defaultTaxRate: textOf(data, "taxData.defaultTaxRate"),
  };
}

/** The API names a wrong reminder day by its position (dunning.reminderDays.2); the form has one field for them all. */
function byFormField(failure: FormFailure | null): FormFailure | null {
  if (!failure) return null;
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(failure.fields)) {
    const field = name.startsWith("dunning.reminderDays") ? "dunning.reminderDays" : name;
    fields[field] = [...(fields[field] ?? []), ...messages];
  }
  return { ...failure, fields };
}

/**
 * The club's billing settings (PUT /api/settings, with the club's other settings as they are): its tax data as the
 * issuer of its invoices, the SEPA creditor details and dunning. Billing starts once the tax data is complete.
 */
export function BillingSettingsForm({
  settings,
  canWrite,
  onSaved,
}: {
  settings: ClubSettingsRecord;
  canWrite: boolean;
  onSaved: (settings: ClubSettingsRecord) => void;
}) {
  const t = useTranslations("settings.billing");
  const api = useConsoleApi();
  const [saved, setSaved] = useState(false);
  const form = useFormMutation((body: SettingsBody) => api.settings.update(body, settings.version), {
    onSuccess: (answer) => {
      setSaved(true);
      onSaved(answer);
    },
  });
  const failure = useMemo(() => byFormField(form.failure), [form.failure]);
  const { taxData, dunning, directDebit } = settings;
  const labels = {
    "taxData.legalName": t("legalName"),
    "taxData.taxId": t("taxId"),
    "taxData.address.line": t("addressLine"),
    "taxData.address.postalCode": t("postalCode"),
    "taxData.address.city": t("city"),
    "taxData.address.province": t("province"),
    "taxData.address.country": t("country"),
    "taxData.defaultTaxRate": t("defaultTaxRate"),
    creditorIdentifier: t("creditorIdentifier"),
    collectionIban: t("collectionIban"),
    collectionBic: t("collectionBic"),
    "directDebit.collectionDay": t("collectionDay"),
    "directDebit.representAfterDays": t("representAfterDays"),
    "directDebit.preNotificationDays": t("preNotificationDays"),
    "directDebit.fileVersion": t("fileVersion"),
    "directDebit.batchBooking": t("batchBooking"),
    "directDebit.returnFee": t("returnFee"),
    "dunning.reminderDays": t("reminderDays"),
    "dunning.graceDays": t("graceDays"),
  };
  return (
    <section id="billing" className="card settings-card report-section" aria-labelledby="billing-settings-title">
      <h2 id="billing-settings-title">{t("title")}</h2>
      <p className="page-lead">{t("lead")}</p>
      {!taxData.billingStarted && <BillingNotStarted settingsLink={false} />}
      {saved && <StatusMessage onDismiss={() => setSaved(false)}>{t("saved")}</StatusMessage>}
      <ConsoleForm
        labels={labels}
        failure={failure}
        onSubmit={(data) => {
          setSaved(false);
          const whole = (name: string) => {
            const typed = textOf(data, name);
            return typed === "" ? null : /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
          };
          const collectionDay = whole("directDebit.collectionDay");
          const representAfterDays = whole("directDebit.representAfterDays");
          const preNotificationDays = whole("directDebit.preNotificationDays");
          const unreadable = Object.entries({
            "directDebit.collectionDay": collectionDay,
            "directDebit.representAfterDays": representAfterDays,
            // Required: left empty, it is refused like a number that is not whole.
            "directDebit.preNotificationDays": preNotificationDays ?? Number.NaN,
          }).filter(([, value]) => Number.isNaN(value));
          if (unreadable.length > 0) {
            const message = t("wholeNumber");
            return form.refuse({ message, fields: Object.fromEntries(unreadable.map(([name]) => [name, [message]])) });
          }
          form.submit({
            clubName: settings.clubName,
            description: settings.description,
            language: settings.language,
            timeZone: settings.timeZone,
            currency: settings.currency,
            taxData: taxDataOf(data),
            creditorIdentifier: textOf(data, "creditorIdentifier"),
            collectionIban: textOf(data, "collectionIban"),
            collectionBic: textOf(data, "collectionBic"),
            directDebit: {
              collectionDay,
              representAfterDays,
              preNotificationDays: preNotificationDays ?? undefined,
              fileVersion: textOf(data, "directDebit.fileVersion") as typeof directDebit.fileVersion,
              batchBooking: data.get("directDebit.batchBooking") === "on",
              // Empty: no fee; the API checks the amount (at most two decimals, above 0.00).
              returnFee: textOf(data, "directDebit.returnFee") || null,
            },
            dunning: {
              enabled: data.get("dunning.enabled") === "on",
              reminderDays: daysOf(textOf(data, "dunning.reminderDays")),
              graceDays: Number(textOf(data, "dunning.graceDays")),
            },
          });
        }}
      >
        <fieldset className="settings-fields" disabled={!canWrite}>
          <fieldset className="form-section">
            <legend>{t("taxDataTitle")}</legend>
            <TextField
              name="taxData.legalName"
              defaultValue={taxData.legalName ?? ""}
              autoComplete="organization"
              hint={t("legalNameHint")}
            />
            <TextField name="taxData.taxId" defaultValue={taxData.taxId ?? ""} hint={t("taxIdHint")} />
            <TextField
              name="taxData.address.line"
              defaultValue={taxData.address?.line ?? ""}
              autoComplete="street-address"
            />
            <TextField
              name="taxData.address.postalCode"
              defaultValue={taxData.address?.postalCode ?? ""}
              autoComplete="postal-code"
            />
            <TextField
              name="taxData.address.city"
              defaultValue={taxData.address?.city ?? ""}
              autoComplete="address-level2"
            />
            <TextField
              name="taxData.address.province"
              defaultValue={taxData.address?.province ?? ""}
              autoComplete="address-level1"
            />
            <TextField
              name="taxData.address.country"
              defaultValue={taxData.address?.country ?? "ES"}
              autoComplete="country"
              hint={t("countryHint")}
            />
            <TextField
              name="taxData.defaultTaxRate"
              defaultValue={taxData.defaultTaxRate}
              inputMode="decimal"
              hint={t("defaultTaxRateHint")}
            />
          </fieldset>
          <fieldset className="form-section">
            <legend>{t("sepaTitle")}</legend>
            <TextField
              name="creditorIdentifier"
              defaultValue={settings.creditorIdentifier ?? ""}
              hint={t("creditorIdentifierHint")}
            />
            <TextField name="collectionIban" defaultValue={settings.collectionIban ?? ""} />
            <TextField name="collectionBic" defaultValue={settings.collectionBic ?? ""} hint={t("collectionBicHint")} />
            <TextField
              name="directDebit.collectionDay"
              defaultValue={directDebit.collectionDay === null ? "" : String(directDebit.collectionDay)}
              inputMode="numeric"
              hint={t("collectionDayHint")}
            />
            <TextField
              name="directDebit.representAfterDays"
              defaultValue={directDebit.representAfterDays === null ? "" : String(directDebit.representAfterDays)}
              inputMode="numeric"
              hint={t("representAfterDaysHint")}
            />
            <TextField
              name="directDebit.preNotificationDays"
              defaultValue={String(directDebit.preNotificationDays)}
              inputMode="numeric"
              required
              hint={t("preNotificationDaysHint")}
            />
            <SelectField
              name="directDebit.fileVersion"
              defaultValue={directDebit.fileVersion}
              options={[
                { value: "pain.008.001.02", label: t("fileVersion02") },
                { value: "pain.008.001.08", label: t("fileVersion08") },
              ]}
              hint={t("fileVersionHint")}
            />
            <Checkbox
              name="directDebit.batchBooking"
              label={t("batchBooking")}
              description={t("batchBookingHint")}
              defaultChecked={directDebit.batchBooking}
            />
            <TextField
              name="directDebit.returnFee"
              defaultValue={directDebit.returnFee ?? ""}
              inputMode="decimal"
              hint={t("returnFeeHint")}
            />
          </fieldset>
          <fieldset className="form-section">
            <legend>{t("dunningTitle")}</legend>
            <Checkbox
              name="dunning.enabled"
              label={t("dunningEnabled")}
              description={t("dunningEnabledHint")}
              defaultChecked={dunning.enabled}
            />
            <TextField
              name="dunning.reminderDays"
              defaultValue={dunning.reminderDays.join(", ")}
              hint={t("reminderDaysHint")}
            />
            <TextField
              name="dunning.graceDays"
              defaultValue={String(dunning.graceDays)}
              inputMode="numeric"
              hint={t("graceDaysHint")}
            />
          </fieldset>
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
