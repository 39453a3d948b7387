import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName, webUrl } from "./fields";
import { pluralize } from "./format";
import { ActionButton, EmailLayout, Paragraph } from "./layout";

const emailChangeConfirmationPropsSchema = z.object({
  name: displayName,
  confirmUrl: webUrl,
  expiresInHours: z.number().int().positive(),
  clubName: displayName,
});
type EmailChangeConfirmationProps = z.output<typeof emailChangeConfirmationPropsSchema>;

const emailChangeConfirmationSubject = ({ clubName }: EmailChangeConfirmationProps) =>
  `Confirm your new email address for ${clubName}`;

function EmailChangeConfirmationEmail({ name, confirmUrl, expiresInHours, clubName }: EmailChangeConfirmationProps) {
  return (
    <EmailLayout
      clubName={clubName}
      heading="Confirm your new email address"
      preview={`Confirm that this address should be used to sign in to ${clubName}.`}
    >
      <Paragraph>
        Hi {name}, {clubName} was asked to use this address for your account from now on. Your account keeps its current
        address until you confirm with the button below.
      </Paragraph>
      <ActionButton href={confirmUrl} label="Confirm new address" />
      <Paragraph>
        This link expires in {pluralize(expiresInHours, "hour")} and works only once. Confirming signs you out
        everywhere; sign in again with this address. If you did not expect this email, ignore it: nothing changes.
      </Paragraph>
    </EmailLayout>
  );
}

export const emailChangeConfirmationTemplate = defineTemplate({
  description:
    "Sent to the new address when staff change an account's email; the link holds a one-time token and the change waits for it.",
  schema: emailChangeConfirmationPropsSchema,
  subject: emailChangeConfirmationSubject,
  Component: EmailChangeConfirmationEmail,
  secretUrls: ["confirmUrl"],
  sample: {
    name: "Ana",
    confirmUrl: "https://clubops.example/confirm-email-change?token=sample-token",
    expiresInHours: 24,
    clubName: "Sunrise Tennis Club",
  },
});
