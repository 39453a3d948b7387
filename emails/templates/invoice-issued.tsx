import { z } from "zod";
import { defineTemplate } from "../template";
import { calendarDate, currencyCode, displayName, letterFields, signedAmount } from "./fields";
import { Details, EmailLayout, Paragraph } from "./layout";

/** "F2026-000123": the series' letters, the year and the correlative number (docs/billing.md). */
const invoiceNumber = z.string().regex(/^[A-Z]{1,3}\d{4}-\d{6}$/, "must be an invoice number such as F2026-000123");

const invoiceIssuedPropsSchema = z.object({
  ...letterFields,
  memberName: displayName,
  kind: z.enum(["invoice", "rectifying"]),
  number: invoiceNumber,
  issuedOn: calendarDate,
  dueOn: calendarDate,
  /** The service period the invoice charges: its lines' first and last day. */
  periodFrom: calendarDate,
  periodTo: calendarDate,
  /** The invoice's total, IVA included; negative when a rectifying invoice credits the member. */
  total: signedAmount,
  currency: currencyCode,
  /** The invoice a rectifying invoice corrects, and why; null on an invoice. */
  rectifies: z
    .object({ number: invoiceNumber, reason: z.string().trim().min(1).max(500) })
    .nullable()
    .default(null),
  /** The name of the attached PDF, "F2026-000123.pdf". */
  attachmentName: z.string().trim().min(1).max(200),
});

export const invoiceIssuedTemplate = defineTemplate({
  messages: "invoiceIssued",
  schema: invoiceIssuedPropsSchema,
  subject: ({ kind, number, clubName }, { t }) =>
    t(kind === "rectifying" ? "invoiceIssued.subjectRectifying" : "invoiceIssued.subject", { number, clubName }),
  Component: ({
    memberName,
    kind,
    number,
    issuedOn,
    dueOn,
    periodFrom,
    periodTo,
    total,
    currency,
    rectifies,
    ...rest
  }) => {
    const { attachmentName, clubName, text } = rest;
    const { t } = text;
    const period = t("invoiceIssued.periodRange", { from: text.date(periodFrom), to: text.date(periodTo) });
    const amount = text.money(Math.abs(total), currency);
    if (kind === "rectifying") {
      const rectified = rectifies?.number ?? "";
      return (
        <EmailLayout
          text={text}
          clubName={clubName}
          heading={t("invoiceIssued.headingRectifying")}
          preview={t("invoiceIssued.previewRectifying", { number, rectified })}
        >
          <Paragraph>{t("invoiceIssued.introRectifying", { memberName, clubName, number, rectified })}</Paragraph>
          <Details
            rows={[
              [t("invoiceIssued.rectifyingNumber"), number],
              [t("invoiceIssued.rectified"), rectified],
              ...(rectifies ? [[t("invoiceIssued.reason"), rectifies.reason] as const] : []),
              [t("invoiceIssued.issuedOn"), text.date(issuedOn)],
              [t("invoiceIssued.period"), period],
              // A credit is shown as what the member gets back, not as a negative amount.
              total < 0 ? [t("invoiceIssued.credited"), amount] : [t("invoiceIssued.amount"), amount],
            ]}
          />
          <Paragraph>{t("invoiceIssued.attachedRectifying", { fileName: attachmentName })}</Paragraph>
        </EmailLayout>
      );
    }
    return (
      <EmailLayout
        text={text}
        clubName={clubName}
        heading={t("invoiceIssued.heading")}
        preview={t("invoiceIssued.preview", { number, amount, dueOn: text.date(dueOn) })}
      >
        <Paragraph>{t("invoiceIssued.intro", { memberName, clubName, number })}</Paragraph>
        <Details
          rows={[
            [t("invoiceIssued.number"), number],
            [t("invoiceIssued.issuedOn"), text.date(issuedOn)],
            [t("invoiceIssued.period"), period],
            [t("invoiceIssued.amount"), amount],
            [t("invoiceIssued.dueOn"), text.date(dueOn)],
          ]}
        />
        <Paragraph>{t("invoiceIssued.attached", { fileName: attachmentName })}</Paragraph>
      </EmailLayout>
    );
  },
  sample: ({ t }) => ({
    memberName: t("samples.memberName"),
    kind: "invoice" as const,
    number: "F2026-000123",
    issuedOn: "2026-11-27",
    dueOn: "2026-12-07",
    periodFrom: "2026-12-01",
    periodTo: "2026-12-31",
    total: "49.90",
    currency: "EUR",
    rectifies: null,
    attachmentName: "F2026-000123.pdf",
    clubName: "Sunrise Tennis Club",
  }),
});
