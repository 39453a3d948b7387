import { z } from "zod";
import { defineTemplate } from "../template";
import { amount, calendarDate, currencyCode, displayName, letterFields } from "./fields";
import { Details, EmailLayout, Paragraph } from "./layout";

const renewalConfirmationPropsSchema = z.object({
  ...letterFields,
  memberName: displayName,
  planName: displayName,
  newEndsOn: calendarDate,
  price: amount,
  currency: currencyCode,
});

export const renewalConfirmationTemplate = defineTemplate({
  messages: "renewalConfirmation",
  schema: renewalConfirmationPropsSchema,
  subject: ({ planName }, { t }) => t("renewalConfirmation.subject", { planName }),
  Component: ({ memberName, planName, newEndsOn, price, currency, clubName, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("renewalConfirmation.heading")}
      preview={text.t("renewalConfirmation.preview", { planName, endsOn: text.date(newEndsOn) })}
    >
      <Paragraph>{text.t("renewalConfirmation.intro", { memberName, clubName })}</Paragraph>
      <Details
        rows={[
          [text.t("renewalConfirmation.plan"), planName],
          [text.t("renewalConfirmation.amount"), text.money(price, currency)],
          [text.t("renewalConfirmation.validUntil"), text.date(newEndsOn)],
        ]}
      />
      <Paragraph>{text.t("renewalConfirmation.closing")}</Paragraph>
    </EmailLayout>
  ),
  sample: ({ t }) => ({
    memberName: t("samples.memberName"),
    planName: t("samples.quarterlyPlan"),
    newEndsOn: "2025-06-30",
    price: "129.90",
    currency: "EUR",
    clubName: "Sunrise Tennis Club",
  }),
});
