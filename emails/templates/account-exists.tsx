import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName, webUrl } from "./fields";
import { ActionButton, EmailLayout, InlineLink, Paragraph } from "./layout";

const accountExistsPropsSchema = z.object({
  name: displayName,
  signInUrl: webUrl,
  forgotPasswordUrl: webUrl,
  clubName: displayName,
});
type AccountExistsProps = z.output<typeof accountExistsPropsSchema>;

const accountExistsSubject = ({ clubName }: AccountExistsProps) => `You already have a ${clubName} account`;

function AccountExistsEmail({ name, signInUrl, forgotPasswordUrl, clubName }: AccountExistsProps) {
  return (
    <EmailLayout
      clubName={clubName}
      heading="You already have an account"
      preview="Sign in with this email address instead of signing up."
    >
      <Paragraph>
        Hi {name}, someone asked to sign up for {clubName} with this email address, which already has an account. No
        second account was created and nothing about yours has changed.
      </Paragraph>
      <ActionButton href={signInUrl} label="Sign in" />
      <Paragraph>
        Forgot your password? <InlineLink href={forgotPasswordUrl}>Choose a new one</InlineLink>. If you did not try to
        sign up, you can ignore this email.
      </Paragraph>
    </EmailLayout>
  );
}

export const accountExistsTemplate = defineTemplate({
  description: "Sent when someone signs up with an email that already has an account, instead of a second account.",
  schema: accountExistsPropsSchema,
  subject: accountExistsSubject,
  Component: AccountExistsEmail,
  sample: {
    name: "Ana",
    signInUrl: "https://clubops.example/login",
    forgotPasswordUrl: "https://clubops.example/forgot-password",
    clubName: "Sunrise Tennis Club",
  },
});
