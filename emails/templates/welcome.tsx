import { z } from "zod";
import { defineTemplate } from "../template";
import { calendarDate, displayName } from "./fields";
import { formatDate } from "./format";
import { Details, EmailLayout, Paragraph } from "./layout";

const welcomePropsSchema = z.object({
  memberName: displayName,
  planName: displayName,
  startsOn: calendarDate,
  endsOn: calendarDate,
  clubName: displayName,
});
type WelcomeProps = z.output<typeof welcomePropsSchema>;

const welcomeSubject = ({ clubName }: WelcomeProps) => `Welcome to ${clubName}`;

function WelcomeEmail({ memberName, planName, startsOn, endsOn, clubName }: WelcomeProps) {
  return (
    <EmailLayout
      clubName={clubName}
      heading={`Welcome, ${memberName}!`}
      preview={`Your ${planName} membership at ${clubName} starts on ${formatDate(startsOn)}.`}
    >
      <Paragraph>
        We are delighted to have you as a member of {clubName}. Your membership is set up and ready to go.
      </Paragraph>
      <Details
        rows={[
          ["Plan", planName],
          ["Starts on", formatDate(startsOn)],
          ["Current period ends", formatDate(endsOn)],
        ]}
      />
      <Paragraph>
        If any of these details are not right, let the club desk know and we will correct them. See you soon!
      </Paragraph>
    </EmailLayout>
  );
}

export const welcomeTemplate = defineTemplate({
  description: "Sent to a member enrolled with a first subscription: the plan and its dates.",
  schema: welcomePropsSchema,
  subject: welcomeSubject,
  Component: WelcomeEmail,
  sample: {
    memberName: "Ana García",
    planName: "Gold Monthly",
    startsOn: "2025-03-01",
    endsOn: "2025-03-31",
    clubName: "Sunrise Tennis Club",
  },
});
