"use client";

import { useRef, useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { BillingPeriod, PlanInput, PlanRow } from "@/console/club-api";
import { FormDialog } from "@/console/ui/dialog";
import { Checkbox, ChoiceFieldset, TextAreaField, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { StaleRecordReload, useReloadAndClose } from "@/console/ui/stale-record";
import { MONTHS_IN } from "@/lib/subscriptions/pricing";

type BenefitDraft = { key: number; name: string; description: string };

const FIXED_LABELS = {
  name: "Name",
  code: "Code",
  description: "Description (optional)",
  monthlyPrice: "Monthly price",
  quarterlyPrice: "Quarterly price (optional)",
  annualPrice: "Annual price (optional)",
  isActive: "Active",
  benefits: "Benefits",
};
const CODE_FIELDS = { "Plan.DuplicateCode": "code" };
const PRICE_FIELDS = [
  { name: "monthlyPrice", period: "monthly" },
  { name: "quarterlyPrice", period: "quarterly" },
  { name: "annualPrice", period: "annual" },
] as const satisfies readonly { name: keyof PlanRow; period: BillingPeriod }[];

const benefitName = (index: number) => `benefits.${index}.name`;
const benefitDescription = (index: number) => `benefits.${index}.description`;

/** The form's labels, benefit rows included (the API names their fields `benefits.0.name`, …). */
function labelsFor(benefits: readonly BenefitDraft[]): Record<string, string> {
  const labels: Record<string, string> = { ...FIXED_LABELS };
  benefits.forEach((_, index) => {
    labels[benefitName(index)] = `Benefit ${index + 1}`;
    labels[benefitDescription(index)] = `Benefit ${index + 1} description`;
  });
  return labels;
}

/** The plan's benefits in display order: add, remove and move rows; their order is the order sent. */
function BenefitsEditor({
  benefits,
  onChange,
}: {
  benefits: readonly BenefitDraft[];
  onChange: (next: BenefitDraft[]) => void;
}) {
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
    <ChoiceFieldset name="benefits" hint="Shown to members in this order.">
      {benefits.length === 0 && <p className="muted benefits-empty">No benefits yet.</p>}
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
                aria-label={`Move benefit ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button-small"
                aria-label={`Move benefit ${index + 1} down`}
                disabled={index === benefits.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove benefit ${index + 1}`}
                onClick={() => onChange(benefits.filter((_, at) => at !== index))}
              >
                Remove
              </button>
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
          + Add benefit
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
  const api = useConsoleApi();
  const reload = useReloadAndClose(onClose);
  const [benefits, setBenefits] = useState<BenefitDraft[]>(() =>
    (plan?.benefits ?? []).map((benefit, key) => ({ key, name: benefit.name, description: benefit.description ?? "" })),
  );
  const form = useFormMutation(
    (input: PlanInput) => (plan ? api.plans.update(plan.id, input, plan.version) : api.plans.create(input)),
    {
      codeFields: CODE_FIELDS,
      onSuccess: (saved) => onDone(plan ? `Plan ${saved.name} saved.` : `Plan ${saved.name} created.`),
    },
  );
  return (
    <FormDialog
      title={plan ? `Edit plan ${plan.name}` : "New plan"}
      wide
      labels={labelsFor(benefits)}
      form={form}
      onClose={onClose}
      submitLabel={plan ? "Save plan" : "Create plan"}
      onSubmit={(data) =>
        form.submit({
          name: textOf(data, "name"),
          code: textOf(data, "code"),
          description: textOf(data, "description") || undefined,
          monthlyPrice: textOf(data, "monthlyPrice"),
          quarterlyPrice: textOf(data, "quarterlyPrice") || null,
          annualPrice: textOf(data, "annualPrice") || null,
          isActive: plan ? data.has("isActive") : true,
          benefits: benefits.map((benefit) => ({
            name: benefit.name.trim(),
            description: benefit.description.trim() || undefined,
          })),
        })
      }
    >
      <div className="form-row">
        <TextField name="name" defaultValue={plan?.name} autoComplete="off" hint="As members see it, e.g. Gold." />
        <TextField
          name="code"
          defaultValue={plan?.code}
          autoComplete="off"
          spellCheck={false}
          hint="Letters, digits, - or _; saved upper-case."
        />
      </div>
      <TextAreaField name="description" defaultValue={plan?.description ?? undefined} rows={2} />
      <div className="form-row form-row-3">
        {PRICE_FIELDS.map(({ name, period }) => (
          <TextField
            key={name}
            name={name}
            defaultValue={plan?.[name] ?? undefined}
            inputMode="decimal"
            autoComplete="off"
            hint={
              period === "monthly" ? `In ${currency}, e.g. 49.90.` : `Empty: ${MONTHS_IN[period]} × the monthly price.`
            }
          />
        ))}
      </div>
      {plan && (
        <Checkbox
          name="isActive"
          label="Active"
          description="Only active plans take new subscriptions."
          defaultChecked={plan.isActive}
        />
      )}
      <BenefitsEditor benefits={benefits} onChange={setBenefits} />
      <StaleRecordReload failure={form.failure} onReload={reload} />
    </FormDialog>
  );
}
