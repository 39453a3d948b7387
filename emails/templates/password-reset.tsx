import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName, webUrl } from "./fields";
import { pluralize } from "./format";
import { ActionButton, EmailLayout, Paragraph } from "./layout";

const passwordResetPropsSchema = z.object({
  name: displayName,
  resetUrl: webUrl,
  expiresInMinutes: z.number().int().positive(),
  clubName: displayName,
});
type PasswordResetProps = z.output<typeof passwordResetPropsSchema>;

const passwordResetSubject = ({ clubName }: PasswordResetProps) => `Reset your ${clubName} password`;

function PasswordResetEmail({ name, resetUrl, expiresInMinutes, clubName }: PasswordResetProps) {
  return (
    <EmailLayout clubName={clubName} heading="Reset your password" preview="Use this link to choose a new password.">
      <Paragraph>
        Hi {name}, we received a request to reset the password of your {clubName} account. Choose a new one with the
        button below.
      </Paragraph>
      <ActionButton href={resetUrl} label="Reset password" />
      <Paragraph>
        This link expires in {pluralize(expiresInMinutes, "minute")} and works only once. If you did not ask for a
        reset, you can ignore this email: your password stays the same.
      </Paragraph>
    </EmailLayout>
  );
}

export const passwordResetTemplate = defineTemplate({
  description: "Sent when someone asks to reset an account's password; the link holds a one-time token.",
  schema: passwordResetPropsSchema,
  subject: passwordResetSubject,
  Component: PasswordResetEmail,
  secretUrls: ["resetUrl"],
  sample: {
    name: "Ana",
    resetUrl: "https://clubops.example/reset-password?token=sample-token",
    expiresInMinutes: 30,
    clubName: "Sunrise Tennis Club",
  },
});
