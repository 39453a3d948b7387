import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName, webUrl } from "./fields";
import { pluralize } from "./format";
import { ActionButton, EmailLayout, Paragraph } from "./layout";

const staffInvitationPropsSchema = z.object({
  name: displayName,
  clubName: displayName,
  /** Who added the person, so the email reads as coming from someone they know. */
  invitedBy: displayName,
  acceptUrl: webUrl,
  expiresInDays: z.number().int().positive(),
});
type StaffInvitationProps = z.output<typeof staffInvitationPropsSchema>;

const staffInvitationSubject = ({ clubName }: StaffInvitationProps) =>
  `You're invited to the ${clubName} staff console`;

function StaffInvitationEmail({ name, clubName, invitedBy, acceptUrl, expiresInDays }: StaffInvitationProps) {
  return (
    <EmailLayout
      clubName={clubName}
      heading={`Welcome to ${clubName}`}
      preview="Choose your password to start using the staff console."
    >
      <Paragraph>
        Hi {name}, {invitedBy} has added you to the staff of {clubName}. Choose your password with the button below; you
        will then sign in with this email address.
      </Paragraph>
      <ActionButton href={acceptUrl} label="Choose my password" />
      <Paragraph>
        This link expires in {pluralize(expiresInDays, "day")} and works only once. If it has expired, ask {invitedBy}{" "}
        to send you a new invitation.
      </Paragraph>
    </EmailLayout>
  );
}

export const staffInvitationTemplate = defineTemplate({
  description: "Sent when staff add a staff member; the link lets them choose their password (a one-time token).",
  schema: staffInvitationPropsSchema,
  subject: staffInvitationSubject,
  Component: StaffInvitationEmail,
  secretUrls: ["acceptUrl"],
  sample: {
    name: "Andrés",
    clubName: "Sunrise Tennis Club",
    invitedBy: "María López",
    acceptUrl: "https://clubops.example/accept-invitation?token=sample-token",
    expiresInDays: 7,
  },
});
