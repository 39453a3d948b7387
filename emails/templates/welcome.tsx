import { z } from "zod";
import { defineTemplate } from "../template";
import { calendarDate, displayName, letterFields } from "./fields";
import { Details, EmailLayout, Paragraph } from "./layout";

const welcomePropsSchema = z.object({
  ...letterFields,
  memberName: displayName,
  planName: displayName,
  startsOn: calendarDate,
  endsOn: calendarDate,
});

export const welcomeTemplate = defineTemplate({
  messages: "welcome",
  schema: welcomePropsSchema,
  subject: ({ clubName }, { t }) => t("welcome.subject", { clubName }),
  Component: ({ memberName, planName, startsOn, endsOn, clubName, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("welcome.heading", { memberName })}
      preview={text.t("welcome.preview", { planName, clubName, startsOn: text.date(startsOn) })}
    >
      <Paragraph>{text.t("welcome.intro", { clubName })}</Paragraph>
      <Details
        rows={[
          [text.t("welcome.plan"), planName],
          [text.t("welcome.startsOn"), text.date(startsOn)],
          [text.t("welcome.endsOn"), text.date(endsOn)],
        ]}
      />
      <Paragraph>{text.t("welcome.closing")}</Paragraph>
    </EmailLayout>
  ),
  sample: ({ t }) => ({
    memberName: t("samples.memberName"),
    planName: t("samples.monthlyPlan"),
    startsOn: "2025-03-01",
    endsOn: "2025-03-31",
    clubName: "Sunrise Tennis Club",
  }),
});
