import { z } from "zod";
import type { MemberBalance } from "@/lib/billing/collections/balance";
import { CANDIDATE_LIMIT, type RemittanceCandidates } from "@/lib/billing/collections/collectable";
import { PAYMENT_METHODS } from "@/lib/billing/collections/payment-schemas";
import type { RecordedMovement, RecordedRefund } from "@/lib/billing/collections/payments";
import type { RemittanceDetail, RemittanceSummary } from "@/lib/billing/collections/remittances";
import type { ReturnImportReport } from "@/lib/billing/collections/returns";
import { instant, type JsonOf, nameSchemas, pageOf, type SameShape } from "@/lib/platform/http/shapes";
import { AMOUNT_ANSWERED } from "@/lib/platform/money";
import { invoiceResponse, paymentResponse } from "./responses";

/* Response bodies of payments, refunds and balances (lib/billing/collections), checked against the services' types. */

const uuid = () => z.string().meta({ format: "uuid" });
const money = () =>
  z
    .string()
    .regex(AMOUNT_ANSWERED)
    .meta({ description: "Decimal string with two places.", examples: ["49.90"] });

export const recordedMovementResponse = z.strictObject({ payment: paymentResponse, invoice: invoiceResponse });
const movementIsExact: SameShape<z.output<typeof recordedMovementResponse>, JsonOf<RecordedMovement>> = true;

export const recordedRefundResponse = z.strictObject({
  payment: paymentResponse,
  invoice: invoiceResponse,
  rectifyingInvoice: z
    .strictObject({ id: uuid(), number: z.string().meta({ examples: ["R2026-000004"] }) })
    .nullable()
    .meta({
      description:
        "The rectifying invoice that credited what the refund gave back beyond the money the club held for the member; null when none was needed.",
    }),
});
const refundIsExact: SameShape<z.output<typeof recordedRefundResponse>, JsonOf<RecordedRefund>> = true;

export const memberBalanceResponse = z.strictObject({
  memberId: uuid(),
  totalDue: money().meta({
    description: "Still owed on open, partially paid, overdue, returned and collecting invoices.",
  }),
  overdue: money().meta({ description: "The part of totalDue past its due date." }),
  openInvoices: z.number().int().meta({ description: "Invoices with an amount still owed." }),
  credit: money().meta({
    description:
      "Money the club holds for the member (paid beyond what their invoices ask after credits). It pays what they owe as soon as they owe something; a refund gives it back.",
  }),
  lastPayment: z
    .strictObject({ amount: money(), method: z.enum(PAYMENT_METHODS), paidOn: z.string().meta({ format: "date" }) })
    .nullable(),
});
const balanceIsExact: SameShape<z.output<typeof memberBalanceResponse>, JsonOf<MemberBalance>> = true;

void [movementIsExact, refundIsExact, balanceIsExact];

nameSchemas([
  [paymentResponse, "InvoicePayment"],
  [recordedMovementResponse, "RecordedPayment"],
  [recordedRefundResponse, "RecordedRefund"],
  [memberBalanceResponse, "MemberBalance"],
]);

const remittanceFields = {
  id: uuid(),
  collectionDate: z.string().meta({ format: "date" }),
  status: z.enum(["draft", "sent"]),
  messageId: z.string().meta({ description: "The bank file's message id (MsgId)." }),
  fileVersion: z.enum(["pain.008.001.02", "pain.008.001.08"]).meta({
    description:
      "The ISO 20022 version its bank file is written in: the club's setting when it was built, kept so every download gives the same file.",
  }),
  batchBooking: z.boolean().meta({
    description:
      "BtchBookg of its payment blocks, from the settings when it was built: true, one booking per block on the club's statement; false, one per debit.",
  }),
  itemCount: z.number().int(),
  totalAmount: money(),
  createdAt: instant(),
  sentAt: instant().nullable(),
};

const remittanceSummaryResponse = z.strictObject(remittanceFields);
const remittanceSummaryIsExact: SameShape<z.output<typeof remittanceSummaryResponse>, JsonOf<RemittanceSummary>> = true;
export const remittancePageResponse = pageOf(remittanceSummaryResponse);

export const remittanceResponse = z.strictObject({
  ...remittanceFields,
  items: z.array(
    z
      .strictObject({
        invoiceId: uuid(),
        invoiceNumber: z.string().meta({ description: "Also the debit's end-to-end id in the bank file." }),
        memberId: uuid(),
        customerName: z.string(),
        mandateId: uuid(),
        mandateReference: z.string(),
        amount: money(),
        sequence: z.enum(["FRST", "RCUR"]),
        status: z.enum(["included", "returned", "collected"]),
        returnReason: z.string().nullable(),
        returnedAt: instant().nullable(),
      })
      .meta({ id: "RemittanceItem" }),
  ),
});
const remittanceIsExact: SameShape<z.output<typeof remittanceResponse>, JsonOf<RemittanceDetail>> = true;

void [remittanceSummaryIsExact, remittanceIsExact];

nameSchemas([
  [remittanceSummaryResponse, "RemittanceSummary"],
  [remittanceResponse, "Remittance"],
]);

export const remittanceCandidatesResponse = z.strictObject({
  collectionDate: z.string().meta({ format: "date" }),
  count: z.number().int().meta({ description: "How many invoices a remittance for that date would collect." }),
  totalAmount: money().meta({ description: "What they owe together." }),
  items: z
    .array(
      z
        .strictObject({
          invoiceId: uuid(),
          invoiceNumber: z.string().meta({ examples: ["F2026-000123"] }),
          memberId: uuid(),
          customerName: z.string(),
          dueOn: z.string().meta({ format: "date" }),
          status: z.enum(["open", "partially_paid", "overdue", "returned"]),
          amount: money().meta({ description: "What is still owed: the debit's amount." }),
          mandateReference: z.string(),
          sequence: z.enum(["FRST", "RCUR"]),
        })
        .meta({ id: "RemittanceCandidate" }),
    )
    .meta({ description: `The first ${CANDIDATE_LIMIT} of them, oldest due date first (then by number).` }),
  awaitingNotice: z
    .strictObject({
      count: z.number().int().meta({
        description:
          "Invoices left out only because their member has not been told of a collection on that date or earlier (the pre-notification): none since the last return yet, or one announcing a later date.",
      }),
      earliestCollectionDate: z.string().nullable().meta({
        format: "date",
        description:
          "The earliest collection date their notices announce: a remittance on it or later collects them. null: none has a notice yet (the notify-debits job sends them).",
      }),
    })
    .meta({ id: "DebitsAwaitingNotice" }),
});
const candidatesAreExact: SameShape<z.output<typeof remittanceCandidatesResponse>, JsonOf<RemittanceCandidates>> = true;
void candidatesAreExact;
nameSchemas([[remittanceCandidatesResponse, "RemittanceCandidates"]]);

export const returnImportResponse = z.strictObject({
  returned: z
    .array(
      z
        .strictObject({
          invoiceNumber: z.string(),
          reasonCode: z.string().meta({ examples: ["AM04"] }),
          reason: z.string().meta({ description: "The reason in the club's language." }),
        })
        .meta({ id: "ReturnedDebit" }),
    )
    .meta({ description: "Debits this import marked returned; their invoices are `returned` again." }),
  alreadyReturned: z.array(z.string()).meta({ description: "Invoice numbers an earlier import already returned." }),
  unknown: z
    .array(z.string())
    .meta({ description: "Invoice numbers in the file that are not debits of this remittance." }),
  returnFees: z
    .array(
      z
        .strictObject({
          invoiceNumber: z.string().meta({ description: "The returned debit's invoice." }),
          feeInvoiceId: z.string().meta({ format: "uuid" }),
          feeInvoiceNumber: z.string().meta({ examples: ["F2027-000042"] }),
          amount: z
            .string()
            .regex(AMOUNT_ANSWERED)
            .meta({ description: "The fee, outside IVA. Decimal string, two places.", examples: ["3.00"] }),
        })
        .meta({ id: "ReturnFeeInvoiced" }),
    )
    .meta({
      description:
        "The club's return fee (`directDebit.returnFee`) invoiced for each debit this import returned; empty without one.",
    }),
});
const returnImportIsExact: SameShape<z.output<typeof returnImportResponse>, JsonOf<ReturnImportReport>> = true;

export const settlementResponse = z.strictObject({
  collected: z.number().int().meta({ description: "Debits recorded as paid by this call (0 when settled before)." }),
});

void returnImportIsExact;
nameSchemas([
  [returnImportResponse, "ReturnImportReport"],
  [settlementResponse, "RemittanceSettlement"],
]);
