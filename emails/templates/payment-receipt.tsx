import { z } from "zod";
import { defineTemplate } from "../template";
import { amount, calendarDate, currencyCode, displayName, letterFields } from "./fields";
import { Details, EmailLayout, Paragraph } from "./layout";

const METHODS = ["cash", "card", "bank_transfer", "direct_debit"] as const;

const paymentReceiptPropsSchema = z.object({
  ...letterFields,
  memberName: displayName,
  invoiceNumber: z.string().regex(/^[A-Z]+\d{4}-\d{6}$/),
  amount,
  currency: currencyCode,
  method: z.enum(METHODS),
  paidOn: calendarDate,
  reference: z.string().max(200).nullable(),
  /** What is still owed on the invoice once this payment is counted. */
  stillOwed: amount,
});

/**
 * The receipt of a payment recorded at the desk or from a transfer (docs/billing.md, Payments and statuses): what was
 * received, how, for which invoice and what is still owed. Its PDF is GET /api/invoices/{id}/payments/{paymentId}/receipt.
 */
export const paymentReceiptTemplate = defineTemplate({
  messages: "paymentReceipt",
  schema: paymentReceiptPropsSchema,
  subject: ({ invoiceNumber }, { t }) => t("paymentReceipt.subject", { invoiceNumber }),
  Component: ({
    memberName,
    invoiceNumber,
    amount,
    currency,
    method,
    paidOn,
    reference,
    stillOwed,
    clubName,
    text,
  }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("paymentReceipt.heading")}
      preview={text.t("paymentReceipt.preview", { amount: text.money(amount, currency), invoiceNumber })}
    >
      <Paragraph>{text.t("paymentReceipt.intro", { memberName, clubName })}</Paragraph>
      <Details
        rows={[
          [text.t("paymentReceipt.invoice"), invoiceNumber],
          [text.t("paymentReceipt.amount"), text.money(amount, currency)],
          [text.t("paymentReceipt.method"), text.t(`paymentReceipt.methods.${method}`)],
          [text.t("paymentReceipt.paidOn"), text.date(paidOn)],
          ...(reference ? [[text.t("paymentReceipt.reference"), reference] as const] : []),
          [text.t("paymentReceipt.stillOwed"), text.money(stillOwed, currency)],
        ]}
      />
      <Paragraph>{text.t("paymentReceipt.keep", { clubName })}</Paragraph>
    </EmailLayout>
  ),
  sample: ({ t }) => ({
    memberName: t("samples.memberName"),
    invoiceNumber: "F2025-000123",
    amount: "20.00",
    currency: "EUR",
    method: "cash" as const,
    paidOn: "2025-03-12",
    reference: "Recibo 12",
    stillOwed: "29.90",
    clubName: "Sunrise Tennis Club",
  }),
});
