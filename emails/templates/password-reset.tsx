import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName, letterFields, webUrl } from "./fields";
import { ActionButton, EmailLayout, Paragraph } from "./layout";

const passwordResetPropsSchema = z.object({
  ...letterFields,
  name: displayName,
  resetUrl: webUrl,
  expiresInMinutes: z.number().int().positive(),
});

export const passwordResetTemplate = defineTemplate({
  messages: "passwordReset",
  schema: passwordResetPropsSchema,
  subject: ({ clubName }, { t }) => t("passwordReset.subject", { clubName }),
  Component: ({ name, resetUrl, expiresInMinutes, clubName, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("passwordReset.heading")}
      preview={text.t("passwordReset.preview")}
    >
      <Paragraph>{text.t("passwordReset.intro", { name, clubName })}</Paragraph>
      <ActionButton text={text} href={resetUrl} label={text.t("passwordReset.action")} />
      <Paragraph>
        {text.t("passwordReset.closing", { expiresIn: text.t("units.minutes", { count: expiresInMinutes }) })}
      </Paragraph>
    </EmailLayout>
  ),
  secretUrls: ["resetUrl"],
  sample: ({ t }) => ({
    name: t("samples.firstName"),
    resetUrl: "https://clubops.example/reset-password?token=sample-token",
    expiresInMinutes: 30,
    clubName: "Sunrise Tennis Club",
  }),
});
