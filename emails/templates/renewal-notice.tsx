import { z } from "zod";
import { defineTemplate } from "../template";
import { amount, calendarDate, currencyCode, displayName, letterFields } from "./fields";
import { Details, EmailLayout, Paragraph } from "./layout";

const renewalNoticePropsSchema = z.object({
  ...letterFields,
  memberName: displayName,
  planName: displayName,
  renewsOn: calendarDate,
  price: amount,
  currency: currencyCode,
});

/**
 * The notice Spanish consumer law asks for at least 15 days before an automatic renewal is charged (Ley 10/2025, which
 * added it to the TRLGDCU): when, how much, and how to stop it. That price is the one the renewal charges.
 */
export const renewalNoticeTemplate = defineTemplate({
  messages: "renewalNotice",
  schema: renewalNoticePropsSchema,
  subject: ({ planName }, { t }) => t("renewalNotice.subject", { planName }),
  Component: ({ memberName, planName, renewsOn, price, currency, clubName, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("renewalNotice.heading", { renewsOn: text.date(renewsOn) })}
      preview={text.t("renewalNotice.preview", { planName, renewsOn: text.date(renewsOn) })}
    >
      <Paragraph>{text.t("renewalNotice.intro", { memberName, planName, clubName })}</Paragraph>
      <Details
        rows={[
          [text.t("renewalNotice.plan"), planName],
          [text.t("renewalNotice.renewsOn"), text.date(renewsOn)],
          [text.t("renewalNotice.amount"), text.money(price, currency)],
        ]}
      />
      <Paragraph>{text.t("renewalNotice.cancel", { renewsOn: text.date(renewsOn), clubName })}</Paragraph>
    </EmailLayout>
  ),
  sample: ({ t }) => ({
    memberName: t("samples.memberName"),
    planName: t("samples.monthlyPlan"),
    renewsOn: "2025-03-31",
    price: "49.90",
    currency: "EUR",
    clubName: "Sunrise Tennis Club",
  }),
});
