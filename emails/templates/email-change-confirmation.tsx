import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName, letterFields, webUrl } from "./fields";
import { ActionButton, EmailLayout, Paragraph } from "./layout";

const emailChangeConfirmationPropsSchema = z.object({
  ...letterFields,
  name: displayName,
  confirmUrl: webUrl,
  expiresInHours: z.number().int().positive(),
});

export const emailChangeConfirmationTemplate = defineTemplate({
  messages: "emailChangeConfirmation",
  schema: emailChangeConfirmationPropsSchema,
  subject: ({ clubName }, { t }) => t("emailChangeConfirmation.subject", { clubName }),
  Component: ({ name, confirmUrl, expiresInHours, clubName, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("emailChangeConfirmation.heading")}
      preview={text.t("emailChangeConfirmation.preview", { clubName })}
    >
      <Paragraph>{text.t("emailChangeConfirmation.intro", { name, clubName })}</Paragraph>
      <ActionButton text={text} href={confirmUrl} label={text.t("emailChangeConfirmation.action")} />
      <Paragraph>
        {text.t("emailChangeConfirmation.closing", { expiresIn: text.t("units.hours", { count: expiresInHours }) })}
      </Paragraph>
    </EmailLayout>
  ),
  secretUrls: ["confirmUrl"],
  sample: ({ t }) => ({
    name: t("samples.firstName"),
    confirmUrl: "https://clubops.example/confirm-email-change?token=sample-token",
    expiresInHours: 24,
    clubName: "Sunrise Tennis Club",
  }),
});
