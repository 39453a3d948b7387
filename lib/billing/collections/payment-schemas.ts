import { z } from "zod";
import { paymentMethod } from "@/lib/platform/db/schema";
import { notYearZero } from "@/lib/platform/http/params";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { moneyField, toCents } from "@/lib/platform/money";

/** Every method a movement can have, as answers show them. */
export const PAYMENT_METHODS = paymentMethod.enumValues;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The ones staff record: `credit` moves only by lib/billing/member-credit.ts. */
export const RECORDED_METHODS = [
  "cash",
  "card",
  "bank_transfer",
  "direct_debit",
] as const satisfies readonly PaymentMethod[];

const positiveAmount = moneyField
  .refine((amount) => toCents(amount) > 0n, "Use an amount above zero.")
  .transform(toCents);

const movementFields = {
  amount: positiveAmount.meta({ description: "Decimal string with two places, above zero.", examples: ["20.00"] }),
  method: z.enum(RECORDED_METHODS).meta({ description: "How the money came (or went back)." }),
  paidOn: z.iso
    .date("Use a date such as 2026-11-20.")
    .refine(notYearZero, "Use a date such as 2026-11-20.")
    .optional()
    .meta({ description: "The club date the money moved; not after today. Today when left out." }),
  reference: z
    .string()
    .trim()
    .max(200, "Use at most 200 characters.")
    .optional()
    .meta({ description: "A receipt, transfer or card slip reference, or a note." }),
};

export const newPaymentSchema = z.object(movementFields);
export type NewPayment = z.output<typeof newPaymentSchema>;

export const newRefundSchema = z.object({
  ...movementFields,
  reopensInvoice: z.boolean().default(false).meta({
    description:
      "true: the payment was recorded by mistake and is undone, so the invoice is owed again. false (the default): money given back never makes the member owe more; what goes beyond the money the club holds for them is credited by a rectifying invoice issued with the refund.",
  }),
});
export type NewRefund = z.output<typeof newRefundSchema>;

export const writeOffSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, "Say why the debt is written off.")
    .max(500, "Use at most 500 characters.")
    .meta({ description: "Why the club gives up collecting what is still due; kept in the audit trail." }),
});
export type WriteOff = z.output<typeof writeOffSchema>;

nameSchemas([
  [newPaymentSchema, "NewPayment"],
  [newRefundSchema, "NewRefund"],
  [writeOffSchema, "InvoiceWriteOff"],
]);
