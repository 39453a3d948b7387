import { z } from "zod";
import { defineTemplate } from "../template";
import { amount, calendarDate, currencyCode, displayName, letterFields } from "./fields";
import { Details, EmailLayout, Paragraph } from "./layout";

const paymentReminderPropsSchema = z.object({
  ...letterFields,
  memberName: displayName,
  /** "F2026-000123". */
  number: z.string().regex(/^[A-Z]{1,3}\d{4}-\d{6}$/, "must be an invoice number such as F2026-000123"),
  dueOn: calendarDate,
  /** What is still owed on the invoice, IVA included. */
  amountDue: amount,
  currency: currencyCode,
  /** The club's account for a transfer, when it has set one. */
  payToIban: z.string().trim().min(1).nullable().default(null),
  /** The day the member is suspended if still unpaid: set on the last reminder only, which warns of it. */
  suspendsOn: calendarDate.nullable().default(null),
});

export const paymentReminderTemplate = defineTemplate({
  messages: "paymentReminder",
  schema: paymentReminderPropsSchema,
  subject: ({ number, clubName, suspendsOn }, { t }) =>
    t(suspendsOn ? "paymentReminder.subjectFinal" : "paymentReminder.subject", { number, clubName }),
  Component: ({ memberName, number, dueOn, amountDue, currency, payToIban, suspendsOn, clubName, text }) => {
    const { t } = text;
    const due = text.money(amountDue, currency);
    return (
      <EmailLayout
        text={text}
        clubName={clubName}
        heading={t("paymentReminder.heading")}
        preview={t("paymentReminder.preview", { number, amount: due, dueOn: text.date(dueOn) })}
      >
        <Paragraph>{t("paymentReminder.intro", { memberName, number, dueOn: text.date(dueOn) })}</Paragraph>
        <Details
          rows={[
            [t("paymentReminder.number"), number],
            [t("paymentReminder.dueOn"), text.date(dueOn)],
            [t("paymentReminder.amountDue"), due],
          ]}
        />
        <Paragraph>
          {payToIban
            ? t("paymentReminder.howToPayTransfer", { iban: payToIban, number })
            : t("paymentReminder.howToPay")}
        </Paragraph>
        {suspendsOn && <Paragraph>{t("paymentReminder.suspension", { suspendsOn: text.date(suspendsOn) })}</Paragraph>}
        <Paragraph>{t("paymentReminder.closing")}</Paragraph>
      </EmailLayout>
    );
  },
  sample: ({ t }) => ({
    memberName: t("samples.memberName"),
    number: "F2026-000123",
    dueOn: "2026-12-07",
    amountDue: "49.90",
    currency: "EUR",
    payToIban: "ES7921000813610123456789",
    suspendsOn: "2026-12-23",
    clubName: "Sunrise Tennis Club",
  }),
});
