import { z } from "zod";
import { defineTemplate } from "../template";
import { calendarDate, displayName, letterFields } from "./fields";
import { Details, EmailLayout, Paragraph } from "./layout";

const renewalReminderPropsSchema = z.object({
  ...letterFields,
  memberName: displayName,
  planName: displayName,
  endsOn: calendarDate,
  daysLeft: z.number().int().nonnegative(),
});

export const renewalReminderTemplate = defineTemplate({
  messages: "renewalReminder",
  schema: renewalReminderPropsSchema,
  subject: ({ planName, daysLeft }, { t }) => t("renewalReminder.subject", { planName, daysLeft }),
  Component: ({ memberName, planName, endsOn, daysLeft, clubName, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("renewalReminder.heading", { daysLeft })}
      preview={text.t("renewalReminder.preview", { planName, clubName, endsOn: text.date(endsOn) })}
    >
      <Paragraph>{text.t("renewalReminder.intro", { memberName, planName })}</Paragraph>
      <Details
        rows={[
          [text.t("renewalReminder.plan"), planName],
          [text.t("renewalReminder.endsOn"), text.date(endsOn)],
        ]}
      />
      <Paragraph>{text.t("renewalReminder.closing")}</Paragraph>
    </EmailLayout>
  ),
  sample: ({ t }) => ({
    memberName: t("samples.memberName"),
    planName: t("samples.monthlyPlan"),
    endsOn: "2025-03-31",
    daysLeft: 7,
    clubName: "Sunrise Tennis Club",
  }),
});
