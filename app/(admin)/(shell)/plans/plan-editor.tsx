"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { BillingPeriod, PlanInput, PlanRow } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { parseMoneyInput } from "@/console/i18n/format";
import { FormDialog } from "@/console/ui/dialog";
import {
  Checkbox,
  ChoiceFieldset,
  type FormFailure,
  TextAreaField,
  TextField,
  textOf,
  useFormMutation,
} from "@/console/ui/forms";
import { RowAction } from "@/console/ui/row-actions";
import { StaleRecordReload, useReloadAndClose } from "@/console/ui/stale-record";
import { MONTHS_IN } from "@/lib/subscriptions/pricing";

type BenefitDraft = { key: number; name: string; description: string };

const FIXED_FIELDS = [
  "name",
  "code",
  "description",
  "monthlyPrice",
  "quarterlyPrice",
  "annualPrice",
  "isActive",
  "benefits",
  "taxRate",
  "exemptReason",
] as const;
const CODE_FIELDS = { "Plan.DuplicateCode": "code" };
const PRICE_FIELDS = [
  { name: "monthlyPrice", period: "monthly" },
  { name: "quarterlyPrice", period: "quarterly" },
  { name: "annualPrice", period: "annual" },
] as const satisfies readonly { name: keyof PlanRow; period: BillingPeriod }[];

const benefitName = (index: number) => `benefits.${index}.name`;
const benefitDescription = (index: number) => `benefits.${index}.description`;

/** The form's labels, benefit rows included (the API names their fields `benefits.0.name`, …). */
function useLabels(benefits: readonly BenefitDraft[]): Record<string, string> {
  const t = useTranslations("plans.editor.labels");
  const labels: Record<string, string> = Object.fromEntries(FIXED_FIELDS.map((field) => [field, t(field)]));
  benefits.forEach((_, index) => {
    labels[benefitName(index)] = t("benefit", { number: index + 1 });
    labels[benefitDescription(index)] = t("benefitDescription", { number: index + 1 });
  });
  return labels;
}

type PriceField = (typeof PRICE_FIELDS)[number]["name"];
type TypedPlan = Omit<PlanInput, PriceField> & Record<PriceField, string>;

/**
 * The plan with its prices as the API takes them ("59.90") from what was typed ("59,90", "59.90", "1.234,50"), or the
 * fields whose amount could not be read. An empty optional price is sent as null.
 */
function readPrices(
  typed: TypedPlan,
  notAnAmount: string,
): { plan: PlanInput; refusal: null } | { plan: null; refusal: FormFailure } {
  const fields: Record<string, string[]> = {};
  const prices: Partial<Record<PriceField, string | null>> = {};
  for (const { name } of PRICE_FIELDS) {
    const text = typed[name];
    const amount = text === "" ? null : parseMoneyInput(text);
    if (text !== "" && amount === null) fields[name] = [notAnAmount];
    prices[name] = name === "monthlyPrice" ? (amount ?? text) : amount;
  }
  if (Object.keys(fields).length > 0) return { plan: null, refusal: { message: notAnAmount, fields } };
  return {
    plan: {
      ...typed,
      monthlyPrice: prices.monthlyPrice ?? "",
      quarterlyPrice: prices.quarterlyPrice ?? null,
      annualPrice: prices.annualPrice ?? null,
    },
    refusal: null,
  };
}

/**
 * The plan's IVA as the API takes it: a rate typed with a comma or a dot ("10,5"), or none for the club's default; an
 * exemption's legal ground with no rate typed means a rate of 0, which is what an exempt plan has.
 */
function taxOf(data: FormData): Pick<PlanInput, "taxRate" | "exemptReason"> {
  const rate = textOf(data, "taxRate").replace(",", ".");
  const exemptReason = textOf(data, "exemptReason") || null;
  return { taxRate: rate || (exemptReason ? "0" : null), exemptReason };
}

/** The plan's benefits in display order: add, remove and move rows; their order is the order sent. */
function BenefitsEditor({
  benefits,
  onChange,
}: {
  benefits: readonly BenefitDraft[];
  onChange: (next: BenefitDraft[]) => void;
}) {
  const t = useTranslations("plans.editor.benefits");
  const nextKey = useRef(benefits.length);
  const edit = (index: number, change: Partial<BenefitDraft>) =>
    onChange(benefits.map((benefit, at) => (at === index ? { ...benefit, ...change } : benefit)));
  const move = (index: number, offset: number) => {
    const next = [...benefits];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + offset, 0, moved);
    onChange(next);
  };
  return (
    <ChoiceFieldset name="benefits" hint={t("hint")}>
      {benefits.length === 0 && <p className="muted benefits-empty">{t("empty")}</p>}
      <ol className="benefit-list">
        {benefits.map((benefit, index) => (
          <li key={benefit.key} className="benefit-row">
            <span className="benefit-number" aria-hidden="true">
              {index + 1}
            </span>
            <TextField
              name={benefitName(index)}
              value={benefit.name}
              onChange={(event) => edit(index, { name: event.target.value })}
              autoComplete="off"
            />
            <TextField
              name={benefitDescription(index)}
              value={benefit.description}
              onChange={(event) => edit(index, { description: event.target.value })}
              autoComplete="off"
            />
            <div className="benefit-actions">
              <button
                type="button"
                className="button button-small"
                aria-label={t("moveUp", { number: index + 1 })}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button-small"
                aria-label={t("moveDown", { number: index + 1 })}
                disabled={index === benefits.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
              <RowAction
                label={t("remove")}
                name={t("removeNamed", { number: index + 1 })}
                onClick={() => onChange(benefits.filter((_, at) => at !== index))}
              />
            </div>
          </li>
        ))}
      </ol>
      <p className="benefit-add">
        <button
          type="button"
          className="button button-small"
          onClick={() => onChange([...benefits, { key: nextKey.current++, name: "", description: "" }])}
        >
          {t("add")}
        </button>
      </p>
    </ChoiceFieldset>
  );
}

/** Creates a plan, or edits one (every field is sent: benefits are replaced as a whole). */
export function PlanEditor({
  plan,
  currency,
  onClose,
  onDone,
}: {
  plan: PlanRow | null;
  currency: string;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const t = useTranslations("plans.editor");
  const format = useClubFormat();
  const api = useConsoleApi();
  const reload = useReloadAndClose(onClose);
  const [benefits, setBenefits] = useState<BenefitDraft[]>(() =>
    (plan?.benefits ?? []).map((benefit, key) => ({ key, name: benefit.name, description: benefit.description ?? "" })),
  );
  const form = useFormMutation(
    (input: PlanInput) => (plan ? api.plans.update(plan.id, input, plan.version) : api.plans.create(input)),
    {
      codeFields: CODE_FIELDS,
      onSuccess: (saved) => onDone(t(plan ? "saved" : "created", { name: saved.name })),
    },
  );
  const labels = useLabels(benefits);
  // A stored amount ("59.90") as the reader writes it ("59,90" in Spanish), to edit.
  const decimalSeparator = format.count(1.5).replace(/\d/g, "");
  const typedAmount = (amount: string | null | undefined) => amount?.replace(".", decimalSeparator) ?? undefined;
  return (
    <FormDialog
      title={plan ? t("editTitle", { name: plan.name }) : t("newTitle")}
      wide
      labels={labels}
      form={form}
      onClose={onClose}
      submitLabel={plan ? t("save") : t("create")}
      onSubmit={(data) => {
        const read = readPrices(
          {
            name: textOf(data, "name"),
            code: textOf(data, "code"),
            description: textOf(data, "description") || undefined,
            monthlyPrice: textOf(data, "monthlyPrice"),
            quarterlyPrice: textOf(data, "quarterlyPrice"),
            annualPrice: textOf(data, "annualPrice"),
            isActive: plan ? data.has("isActive") : true,
            ...taxOf(data),
            benefits: benefits.map((benefit) => ({
              name: benefit.name.trim(),
              description: benefit.description.trim() || undefined,
            })),
          },
          t("notAnAmount", { example: typedAmount("49.90") ?? "" }),
        );
        if (read.refusal) form.refuse(read.refusal);
        else form.submit(read.plan);
      }}
    >
      <div className="form-row">
        <TextField name="name" defaultValue={plan?.name} autoComplete="off" hint={t("hints.name")} />
        <TextField name="code" defaultValue={plan?.code} autoComplete="off" spellCheck={false} hint={t("hints.code")} />
      </div>
      <TextAreaField name="description" defaultValue={plan?.description ?? undefined} rows={2} />
      <div className="form-row form-row-3">
        {PRICE_FIELDS.map(({ name, period }) => (
          <TextField
            key={name}
            name={name}
            defaultValue={typedAmount(plan?.[name])}
            inputMode="decimal"
            autoComplete="off"
            hint={
              period === "monthly"
                ? t("hints.monthlyPrice", { currency, example: typedAmount("49.90") ?? "" })
                : t("hints.otherPrice", { months: MONTHS_IN[period] })
            }
          />
        ))}
      </div>
      {plan && (
        <Checkbox
          name="isActive"
          label={labels.isActive ?? ""}
          description={t("hints.isActive")}
          defaultChecked={plan.isActive}
        />
      )}
      <fieldset className="form-section">
        <legend>{t("taxTitle")}</legend>
        <div className="form-row">
          <TextField
            name="taxRate"
            defaultValue={plan?.taxRate ? typedAmount(plan.taxRate) : undefined}
            inputMode="decimal"
            autoComplete="off"
            hint={t("hints.taxRate")}
          />
          <TextField
            name="exemptReason"
            defaultValue={plan?.exemptReason ?? undefined}
            autoComplete="off"
            hint={t("hints.exemptReason")}
          />
        </div>
      </fieldset>
      <BenefitsEditor benefits={benefits} onChange={setBenefits} />
      <StaleRecordReload failure={form.failure} onReload={reload} />
    </FormDialog>
  );
}
