import { z } from "zod";
import { defineTemplate } from "../template";
import { calendarDate, displayName } from "./fields";
import { formatDate } from "./format";
import { Details, EmailLayout, Paragraph } from "./layout";

/** A wall-clock time on the club's clock, "HH:MM". */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM");

const correctionDecidedPropsSchema = z.object({
  employeeName: displayName,
  date: calendarDate,
  checkIn: clockTime,
  checkOut: clockTime,
  decision: z.enum(["approved", "rejected"]),
  rejectionReason: z.string().trim().min(1).max(500).nullable().default(null),
  clubName: displayName,
});
type CorrectionDecidedProps = z.output<typeof correctionDecidedPropsSchema>;

const correctionDecidedSubject = ({ date, decision }: CorrectionDecidedProps) =>
  decision === "approved"
    ? `Your attendance correction for ${formatDate(date)} was approved`
    : `Your attendance correction for ${formatDate(date)} was not approved`;

function CorrectionDecidedEmail(props: CorrectionDecidedProps) {
  const { employeeName, date, checkIn, checkOut, decision, rejectionReason, clubName } = props;
  const approved = decision === "approved";
  const day = formatDate(date);
  return (
    <EmailLayout
      clubName={clubName}
      heading={approved ? "Your correction was approved" : "Your correction was not approved"}
      preview={
        approved
          ? `Your attendance for ${day} now shows the times you asked for.`
          : `Your attendance for ${day} stays as it was.`
      }
    >
      <Paragraph>
        Hi {employeeName},{" "}
        {approved
          ? `your correction for ${day} was approved: your attendance for that day now shows these times.`
          : `your correction for ${day} was not approved, so your attendance for that day stays as it was.`}
      </Paragraph>
      <Details
        rows={[
          ["Day", day],
          ["Clock-in asked for", checkIn],
          ["Clock-out asked for", checkOut],
          ...(rejectionReason ? [["Reason", rejectionReason] as const] : []),
        ]}
      />
      <Paragraph>If something is still not right, talk to your manager.</Paragraph>
    </EmailLayout>
  );
}

export const correctionDecidedTemplate = defineTemplate({
  description: "Sent to an employee when a manager approves or rejects their attendance correction.",
  schema: correctionDecidedPropsSchema,
  subject: correctionDecidedSubject,
  Component: CorrectionDecidedEmail,
  sample: {
    employeeName: "Andrés Romero",
    date: "2025-03-14",
    checkIn: "08:00",
    checkOut: "16:30",
    decision: "rejected",
    rejectionReason: "The front desk log shows you left at 15:00.",
    clubName: "Sunrise Tennis Club",
  },
});
