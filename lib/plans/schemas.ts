import { z } from "zod";
import { exemptReasonField, taxRateField, withExemptionRules } from "@/lib/billing/tax-data";
import { booleanFilter, searchFilter } from "@/lib/platform/http/params";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { moneyField } from "@/lib/platform/money";
import { paginationQuery } from "@/lib/platform/pagination";

const benefitSchema = z.object({
  name: z.string().trim().min(1, "Required.").max(100, "Use at most 100 characters."),
  description: z.string().trim().max(500, "Use at most 500 characters.").optional(),
});

export const planInputSchema = withExemptionRules(
  z.object({
    name: z.string().trim().min(1, "Required.").max(100, "Use at most 100 characters."),
    /** Stored upper-case, so "gold-12" and "GOLD-12" are one code. */
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,29}$/, "Use 2 to 30 letters, digits, dashes or underscores.")
      .transform((code) => code.toUpperCase()),
    description: z.string().trim().max(1000, "Use at most 1000 characters.").optional(),
    monthlyPrice: moneyField,
    quarterlyPrice: moneyField.nullish(),
    annualPrice: moneyField.nullish(),
    isActive: z.boolean().default(true),
    /** In display order; replaced as a whole on update. */
    benefits: z.array(benefitSchema).max(50).default([]),
    taxRate: taxRateField.nullable().optional().meta({
      description:
        "The plan's IVA rate in percent; null: the club's default (settings). 0 only with `exemptReason`. Omitted on update: unchanged.",
    }),
    exemptReason: exemptReasonField.meta({
      description:
        "The legal ground of an exempt plan, printed on its invoices (e.g. Exento, art. 20.1.13º LIVA); its rate is then 0. Omitted on update: unchanged.",
      examples: ["Exento, art. 20.1.13º Ley 37/1992 del IVA"],
    }),
  }),
  "plan",
);
export type PlanInput = z.output<typeof planInputSchema>;

export const planListQuery = paginationQuery(["name", "code", "monthlyPrice", "createdAt"], "name").extend({
  isActive: booleanFilter.meta({ description: "Only active (true) or only deactivated (false) plans." }),
  search: searchFilter("Text the name or code contains, ignoring case."),
});
export type PlanListQuery = z.output<typeof planListQuery>;

// The names these schemas go by in the OpenAPI document.
nameSchemas([[planInputSchema, "PlanInput"]]);
