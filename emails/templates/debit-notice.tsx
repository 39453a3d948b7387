import { z } from "zod";
import { defineTemplate } from "../template";
import { amount, calendarDate, currencyCode, displayName, letterFields } from "./fields";
import { Details, EmailLayout, Paragraph } from "./layout";

/** "F2026-000123". */
const invoiceNumber = z
  .string()
  .regex(/^[A-Z0-9/-]{1,10}\d{4}-\d{6}$/, "must be an invoice number such as F2026-000123");

/**
 * The pre-notification of a direct debit (EPC SDD Core rulebook; lib/billing/collections/debit-notices.ts): what will
 * be collected, on which date, under which mandate and creditor identifier, from which account (masked).
 */
const debitNoticePropsSchema = z.object({
  ...letterFields,
  memberName: displayName,
  /** The date announced: the debit is collected on it or later, never before. */
  collectionDate: calendarDate,
  invoices: z.array(z.object({ number: invoiceNumber, amount })).min(1),
  total: amount,
  currency: currencyCode,
  mandateReference: z.string().trim().min(1).max(35),
  creditorIdentifier: z.string().trim().min(1).max(35),
  creditorName: displayName,
  /** The debtor's IBAN with only its country, check digits and last four characters shown. */
  maskedIban: z.string().trim().min(1).max(60),
  /** A later notice for the same debit, sent because the amount owed rose or the mandate changed since the first. */
  replacesEarlier: z.boolean().default(false),
});

export const debitNoticeTemplate = defineTemplate({
  messages: "debitNotice",
  schema: debitNoticePropsSchema,
  subject: ({ collectionDate, clubName }, text) =>
    text.t("debitNotice.subject", { clubName, collectionDate: text.date(collectionDate) }),
  Component: ({
    memberName,
    collectionDate,
    invoices,
    total,
    currency,
    mandateReference,
    creditorIdentifier,
    creditorName,
    maskedIban,
    replacesEarlier,
    clubName,
    text,
  }) => {
    const { t } = text;
    const on = text.date(collectionDate);
    const sum = text.money(total, currency);
    return (
      <EmailLayout
        text={text}
        clubName={clubName}
        heading={t("debitNotice.heading")}
        preview={t("debitNotice.preview", { amount: sum, collectionDate: on })}
      >
        <Paragraph>{t("debitNotice.intro", { memberName, amount: sum, collectionDate: on })}</Paragraph>
        {replacesEarlier && <Paragraph>{t("debitNotice.replaces")}</Paragraph>}
        <Details
          rows={[
            ...invoices.map(
              (invoice) =>
                [t("debitNotice.invoice", { number: invoice.number }), text.money(invoice.amount, currency)] as const,
            ),
            [t("debitNotice.total"), sum],
          ]}
        />
        <Details
          rows={[
            [t("debitNotice.collectionDate"), on],
            [t("debitNotice.mandateReference"), mandateReference],
            [t("debitNotice.creditor"), creditorName],
            [t("debitNotice.creditorIdentifier"), creditorIdentifier],
            [t("debitNotice.account"), maskedIban],
          ]}
        />
        <Paragraph>{t("debitNotice.otherWays")}</Paragraph>
        <Paragraph>{t("debitNotice.closing")}</Paragraph>
      </EmailLayout>
    );
  },
  sample: ({ t }) => ({
    memberName: t("samples.memberName"),
    collectionDate: "2026-12-07",
    invoices: [
      { number: "F2026-000123", amount: "49.90" },
      { number: "F2026-000131", amount: "12.00" },
    ],
    total: "61.90",
    currency: "EUR",
    mandateReference: "MNDT-00000042",
    creditorIdentifier: "ES97000B12345678",
    creditorName: "Sunrise Sports S.L.",
    maskedIban: "ES91 **** **** **** **** 1332",
    clubName: "Sunrise Tennis Club",
  }),
});
