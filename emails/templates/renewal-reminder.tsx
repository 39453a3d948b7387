import { z } from "zod";
import { defineTemplate } from "../template";
import { calendarDate, displayName } from "./fields";
import { formatDate, pluralize } from "./format";
import { Details, EmailLayout, Paragraph } from "./layout";

const renewalReminderPropsSchema = z.object({
  memberName: displayName,
  planName: displayName,
  endsOn: calendarDate,
  daysLeft: z.number().int().nonnegative(),
  clubName: displayName,
});
type RenewalReminderProps = z.output<typeof renewalReminderPropsSchema>;

/** "today", "tomorrow" or "in 5 days". */
function whenItEnds(daysLeft: number): string {
  if (daysLeft === 0) return "today";
  if (daysLeft === 1) return "tomorrow";
  return `in ${pluralize(daysLeft, "day")}`;
}

const renewalReminderSubject = ({ planName, daysLeft }: RenewalReminderProps) =>
  `Your ${planName} membership ends ${whenItEnds(daysLeft)}`;

function RenewalReminderEmail({ memberName, planName, endsOn, daysLeft, clubName }: RenewalReminderProps) {
  return (
    <EmailLayout
      clubName={clubName}
      heading={`Your membership ends ${whenItEnds(daysLeft)}`}
      preview={`Your ${planName} membership at ${clubName} ends on ${formatDate(endsOn)}.`}
    >
      <Paragraph>
        Hi {memberName}, this is a friendly reminder that your {planName} membership is coming to an end.
      </Paragraph>
      <Details
        rows={[
          ["Plan", planName],
          ["Ends on", formatDate(endsOn)],
        ]}
      />
      <Paragraph>
        To keep enjoying the club without interruption, renew at the club desk before that date. If your membership
        renews automatically, there is nothing you need to do.
      </Paragraph>
    </EmailLayout>
  );
}

export const renewalReminderTemplate = defineTemplate({
  description: "Sent once per term, within 7 days of its end, when the subscription will not renew by itself.",
  schema: renewalReminderPropsSchema,
  subject: renewalReminderSubject,
  Component: RenewalReminderEmail,
  sample: {
    memberName: "Ana García",
    planName: "Gold Monthly",
    endsOn: "2025-03-31",
    daysLeft: 7,
    clubName: "Sunrise Tennis Club",
  },
});
