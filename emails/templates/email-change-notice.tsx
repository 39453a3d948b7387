import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName, letterFields } from "./fields";
import { Details, EmailLayout, Paragraph } from "./layout";

const emailChangeNoticePropsSchema = z.object({
  ...letterFields,
  name: displayName,
  newEmail: z.email(),
  /** `requested`: staff asked for the change and the new address must confirm it; `confirmed`: it took effect. */
  stage: z.enum(["requested", "confirmed"]),
});

/** Goes to the account's old address, so its owner hears of a change they did not ask for while it can be stopped. */
export const emailChangeNoticeTemplate = defineTemplate({
  messages: "emailChangeNotice",
  schema: emailChangeNoticePropsSchema,
  subject: ({ stage, clubName }, { t }) => t("emailChangeNotice.subject", { stage, clubName }),
  Component: ({ name, newEmail, stage, clubName, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("emailChangeNotice.heading", { stage })}
      preview={text.t("emailChangeNotice.preview", { stage, newEmail })}
    >
      <Paragraph>{text.t("emailChangeNotice.intro", { stage, name, clubName })}</Paragraph>
      <Details rows={[[text.t("emailChangeNotice.newAddress"), newEmail]]} />
      <Paragraph>{text.t("emailChangeNotice.closing")}</Paragraph>
    </EmailLayout>
  ),
  sample: ({ t }) => ({
    name: t("samples.firstName"),
    newEmail: "ana.garcia@example.com",
    stage: "requested" as const,
    clubName: "Sunrise Tennis Club",
  }),
});
