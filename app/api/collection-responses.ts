import { z } from "zod";
import type { MemberBalance } from "@/lib/billing/collections/balance";
import { PAYMENT_METHODS } from "@/lib/billing/collections/payment-schemas";
import type { RecordedMovement } from "@/lib/billing/collections/payments";
import { instant, type JsonOf, nameSchemas, type SameShape } from "@/lib/platform/http/shapes";
import { AMOUNT_ANSWERED } from "@/lib/platform/money";
import { invoiceResponse } from "./responses";

/* Response bodies of payments, refunds and balances (lib/billing/collections), checked against the services' types. */

const uuid = () => z.string().meta({ format: "uuid" });
const money = () =>
  z
    .string()
    .regex(AMOUNT_ANSWERED)
    .meta({ description: "Decimal string with two places.", examples: ["49.90"] });

const paymentResponse = z.strictObject({
  id: uuid(),
  invoiceId: uuid(),
  kind: z.enum(["payment", "refund"]),
  amount: money(),
  method: z.enum(PAYMENT_METHODS),
  paidOn: z.string().meta({ format: "date" }),
  reference: z.string().nullable(),
  recordedBy: uuid().nullable().meta({ description: "The staff user who recorded it." }),
  createdAt: instant(),
});

export const recordedMovementResponse = z.strictObject({ payment: paymentResponse, invoice: invoiceResponse });
const movementIsExact: SameShape<z.output<typeof recordedMovementResponse>, JsonOf<RecordedMovement>> = true;

export const memberBalanceResponse = z.strictObject({
  memberId: uuid(),
  totalDue: money().meta({
    description: "Still owed on open, partially paid, overdue, returned and collecting invoices.",
  }),
  overdue: money().meta({ description: "The part of totalDue past its due date." }),
  openInvoices: z.number().int().meta({ description: "Invoices with an amount still owed." }),
  lastPayment: z
    .strictObject({ amount: money(), method: z.enum(PAYMENT_METHODS), paidOn: z.string().meta({ format: "date" }) })
    .nullable(),
});
const balanceIsExact: SameShape<z.output<typeof memberBalanceResponse>, JsonOf<MemberBalance>> = true;

void [movementIsExact, balanceIsExact];

nameSchemas([
  [paymentResponse, "InvoicePayment"],
  [recordedMovementResponse, "RecordedPayment"],
  [memberBalanceResponse, "MemberBalance"],
]);
