import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName, letterFields, webUrl } from "./fields";
import { ActionButton, EmailLayout, Paragraph } from "./layout";

const emailVerificationPropsSchema = z.object({
  ...letterFields,
  name: displayName,
  verifyUrl: webUrl,
});

export const emailVerificationTemplate = defineTemplate({
  messages: "emailVerification",
  schema: emailVerificationPropsSchema,
  subject: ({ clubName }, { t }) => t("emailVerification.subject", { clubName }),
  Component: ({ name, verifyUrl, clubName, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("emailVerification.heading")}
      preview={text.t("emailVerification.preview", { clubName })}
    >
      <Paragraph>{text.t("emailVerification.intro", { name, clubName })}</Paragraph>
      <ActionButton text={text} href={verifyUrl} label={text.t("emailVerification.action")} />
      <Paragraph>{text.t("emailVerification.closing")}</Paragraph>
    </EmailLayout>
  ),
  secretUrls: ["verifyUrl"],
  sample: ({ t }) => ({
    name: t("samples.firstName"),
    verifyUrl: "https://clubops.example/verify-email?token=sample-token",
    clubName: "Sunrise Tennis Club",
  }),
});
