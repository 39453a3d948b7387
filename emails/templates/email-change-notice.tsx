import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName } from "./fields";
import { Details, EmailLayout, Paragraph } from "./layout";

const emailChangeNoticePropsSchema = z.object({
  name: displayName,
  newEmail: z.email(),
  /** `requested`: staff asked for the change and the new address must confirm it; `confirmed`: it took effect. */
  stage: z.enum(["requested", "confirmed"]),
  clubName: displayName,
});
type EmailChangeNoticeProps = z.output<typeof emailChangeNoticePropsSchema>;

const WORDING = {
  requested: {
    subject: (clubName: string) => `An email change was requested for your ${clubName} account`,
    heading: "Email change requested",
    body: "was asked to change the email address of your account. Nothing changes until the new address confirms it with the link we sent there.",
  },
  confirmed: {
    subject: (clubName: string) => `The email address of your ${clubName} account has changed`,
    heading: "Email address changed",
    body: "has changed the email address of your account: the new address confirmed it, and every session of the account has been signed out.",
  },
} as const;

const emailChangeNoticeSubject = ({ stage, clubName }: EmailChangeNoticeProps) => WORDING[stage].subject(clubName);

/** Goes to the account's old address, so its owner hears of a change they did not ask for while it can be stopped. */
function EmailChangeNoticeEmail({ name, newEmail, stage, clubName }: EmailChangeNoticeProps) {
  const wording = WORDING[stage];
  return (
    <EmailLayout clubName={clubName} heading={wording.heading} preview={`${wording.heading}: ${newEmail}.`}>
      <Paragraph>
        Hi {name}, {clubName} {wording.body}
      </Paragraph>
      <Details rows={[["New address", newEmail]]} />
      <Paragraph>
        If you did not ask for this, contact the club at once: staff can change the address back and block the account.
      </Paragraph>
    </EmailLayout>
  );
}

export const emailChangeNoticeTemplate = defineTemplate({
  description:
    "Sent to the old address when staff change an account's email, and again once the new address confirms it.",
  schema: emailChangeNoticePropsSchema,
  subject: emailChangeNoticeSubject,
  Component: EmailChangeNoticeEmail,
  sample: {
    name: "Ana",
    newEmail: "ana.garcia@example.com",
    stage: "requested",
    clubName: "Sunrise Tennis Club",
  },
});
