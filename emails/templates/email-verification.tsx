import { z } from "zod";
import { defineTemplate } from "../template";
import { letterFields, webUrl } from "./fields";
import { ActionButton, EmailLayout, Paragraph } from "./layout";

const emailVerificationPropsSchema = z.object({
  ...letterFields,
  verifyUrl: webUrl,
});

/**
 * Goes to an address nobody has proven yet: it carries nothing the applicant typed (their name could be anyone's words),
 * only the club's name and the link.
 */
export const emailVerificationTemplate = defineTemplate({
  messages: "emailVerification",
  schema: emailVerificationPropsSchema,
  subject: ({ clubName }, { t }) => t("emailVerification.subject", { clubName }),
  Component: ({ verifyUrl, clubName, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("emailVerification.heading")}
      preview={text.t("emailVerification.preview", { clubName })}
    >
      <Paragraph>{text.t("emailVerification.intro", { clubName })}</Paragraph>
      <ActionButton text={text} href={verifyUrl} label={text.t("emailVerification.action")} />
      <Paragraph>{text.t("emailVerification.closing")}</Paragraph>
    </EmailLayout>
  ),
  secretUrls: ["verifyUrl"],
  sample: () => ({
    verifyUrl: "https://clubops.example/verify-email?token=sample-token",
    clubName: "Sunrise Tennis Club",
  }),
});
