import { sql } from "drizzle-orm";
import { bigint, check, date, index, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { invoices } from "./billing";
import { createdAt, id } from "./columns";

export const paymentMethod = pgEnum("payment_method", ["cash", "card", "bank_transfer", "direct_debit"]);
export const paymentKind = pgEnum("payment_kind", ["payment", "refund"]);

/**
 * Money received for an invoice or given back (lib/billing/payments.ts). Append-only: a mistake is undone by a refund,
 * so the rows always add up to the invoice's `paid_cents` (payments minus refunds).
 */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    kind: paymentKind("kind").notNull(),
    /** Always positive; `kind` says which way the money went. */
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull(),
    method: paymentMethod("method").notNull(),
    paidOn: date("paid_on").notNull(),
    reference: text("reference"),
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoice_payments_invoice_idx").on(t.invoiceId, t.createdAt),
    check("invoice_payments_amount_positive", sql`${t.amountCents} > 0`),
  ],
);
