import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/lib/platform/db";
import { platformSettings } from "@/lib/platform/db/schema";
import { documentedAs, nameSchemas } from "@/lib/platform/http/shapes";
import { fromCents, toCents } from "@/lib/platform/money";
import type { PostalAddress } from "./invoice-document";
import { addressOf, storedTaxData } from "./parties";
import { spanishTaxIdField } from "./tax-id";

const text = (max: number) => z.string().trim().min(1, "Required.").max(max, `Use at most ${max} characters.`);

/** A postal address as invoices print it: line, postal code and city required; the country ISO 3166-1 alpha-2. */
export const postalAddressSchema = z.object({
  line: text(200),
  postalCode: text(20),
  city: text(100),
  province: z.string().trim().max(100, "Use at most 100 characters.").nullish(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "Use a two-letter country code such as ES.")
    .transform((code) => code.toUpperCase())
    .default("ES"),
});

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** An IVA rate as the API takes it: a percentage with at most two decimals, "21" or "10.50", stored in basis points. */
export const taxRateField = documentedAs(
  z
    .union([z.string().trim(), z.number().finite()])
    .transform((value) => (typeof value === "number" ? String(value) : value))
    .pipe(
      z
        .string()
        .regex(PERCENT, "Use a percentage from 0 to 100 with at most two decimals, e.g. 21.")
        .transform((percent) => Number(toCents(percent)))
        .refine((basisPoints) => basisPoints <= 10_000, "Use a percentage from 0 to 100."),
    ),
  {
    type: "string",
    pattern: PERCENT.source,
    description: "An IVA rate in percent, at most two decimals.",
    examples: ["21.00"],
  },
);

/** The legal ground of an exempt plan or line, printed on its invoices; its rate is then 0. */
export const exemptReasonField = z
  .string()
  .trim()
  .min(1, "Required.")
  .max(200, "Use at most 200 characters.")
  .nullable()
  .optional();

type Taxed = { taxRate?: number | null; exemptReason?: string | null };

/**
 * The two rules of an exemption, for a schema with `taxRate` and `exemptReason` (a plan, an invoice line): an exempt
 * one has a rate of 0 (or none), and a rate of 0 needs its legal ground (RD 1619/2012 art. 6.1.j).
 */
export function withExemptionRules<T extends z.ZodType<Taxed>>(schema: T, subject: "plan" | "line") {
  return schema
    .refine(
      (taxed) => !taxed.exemptReason || taxed.taxRate === undefined || taxed.taxRate === null || taxed.taxRate === 0,
      {
        path: ["taxRate"],
        message: `An exempt ${subject} has a rate of 0.`,
      },
    )
    .refine((taxed) => taxed.taxRate !== 0 || Boolean(taxed.exemptReason), {
      path: ["exemptReason"],
      message: `Say why the ${subject} is exempt: a rate of 0 needs its legal ground.`,
    });
}

/** The club as an invoice's issuer (settings): its legal name, NIF/CIF, address and the default IVA rate of plans. */
export const clubTaxDataSchema = z.object({
  legalName: text(200),
  taxId: spanishTaxIdField,
  address: postalAddressSchema,
  defaultTaxRate: taxRateField.default(2100),
});
export type ClubTaxDataInput = z.output<typeof clubTaxDataSchema>;

/** The club's tax data as settings answer it; billing has started once name, tax id and address are all set. */
export type ClubTaxData = {
  legalName: string | null;
  taxId: string | null;
  address: PostalAddress | null;
  defaultTaxRate: string;
  billingStarted: boolean;
};

export async function readClubTaxData(executor: Executor): Promise<ClubTaxData> {
  const [stored] = await executor.select(storedTaxData).from(platformSettings);
  const address = stored ? addressOf(stored) : null;
  return {
    legalName: stored?.legalName ?? null,
    taxId: stored?.taxId ?? null,
    address,
    defaultTaxRate: fromCents(BigInt(stored?.defaultTaxRateBasisPoints ?? 2100)),
    billingStarted: Boolean(stored?.legalName && stored.taxId && address),
  };
}

export async function storeClubTaxData(executor: Executor, input: ClubTaxDataInput): Promise<void> {
  await executor
    .update(platformSettings)
    .set({
      legalName: input.legalName,
      taxId: input.taxId,
      addressLine: input.address.line,
      postalCode: input.address.postalCode,
      city: input.address.city,
      province: input.address.province ?? null,
      country: input.address.country,
      defaultTaxRateBasisPoints: input.defaultTaxRate,
    })
    .where(eq(platformSettings.id, 1));
}

nameSchemas([
  [postalAddressSchema, "PostalAddressInput"],
  [clubTaxDataSchema, "ClubTaxDataInput"],
]);
