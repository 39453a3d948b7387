import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName } from "./fields";
import { EmailLayout, Paragraph } from "./layout";

const usernameTakenPropsSchema = z.object({
  name: displayName,
  username: displayName,
  clubName: displayName,
});
type UsernameTakenProps = z.output<typeof usernameTakenPropsSchema>;

const usernameTakenSubject = ({ clubName }: UsernameTakenProps) => `Your ${clubName} sign-up needs another username`;

function UsernameTakenEmail({ name, username, clubName }: UsernameTakenProps) {
  return (
    <EmailLayout clubName={clubName} heading="Choose another username" preview={`The username ${username} is taken.`}>
      <Paragraph>
        Hi {name}, thanks for signing up with {clubName}. The username {username} is already taken, so no account was
        created. Please sign up again with another username.
      </Paragraph>
      <Paragraph>If you did not try to sign up, you can ignore this email.</Paragraph>
    </EmailLayout>
  );
}

export const usernameTakenTemplate = defineTemplate({
  description: "Sent when someone signs up with a new email but a username that is taken, so no account was created.",
  schema: usernameTakenPropsSchema,
  subject: usernameTakenSubject,
  Component: UsernameTakenEmail,
  sample: { name: "Ana", username: "ana.garcia", clubName: "Sunrise Tennis Club" },
});
