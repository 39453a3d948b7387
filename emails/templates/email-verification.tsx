import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName, webUrl } from "./fields";
import { ActionButton, EmailLayout, Paragraph } from "./layout";

const emailVerificationPropsSchema = z.object({
  name: displayName,
  verifyUrl: webUrl,
  clubName: displayName,
});
type EmailVerificationProps = z.output<typeof emailVerificationPropsSchema>;

const emailVerificationSubject = ({ clubName }: EmailVerificationProps) => `Confirm your email address for ${clubName}`;

function EmailVerificationEmail({ name, verifyUrl, clubName }: EmailVerificationProps) {
  return (
    <EmailLayout
      clubName={clubName}
      heading="Confirm your email address"
      preview={`One click to finish setting up your ${clubName} account.`}
    >
      <Paragraph>
        Hi {name}, thanks for signing up with {clubName}. Please confirm that this is your email address so we can keep
        your account secure.
      </Paragraph>
      <ActionButton href={verifyUrl} label="Confirm email address" />
      <Paragraph>If you did not create an account, you can safely ignore this email.</Paragraph>
    </EmailLayout>
  );
}

export const emailVerificationTemplate = defineTemplate({
  description: "Sent after self-registration to confirm the email address; the link holds a one-time token.",
  schema: emailVerificationPropsSchema,
  subject: emailVerificationSubject,
  Component: EmailVerificationEmail,
  secretUrls: ["verifyUrl"],
  sample: {
    name: "Ana",
    verifyUrl: "https://clubops.example/verify-email?token=sample-token",
    clubName: "Sunrise Tennis Club",
  },
});
