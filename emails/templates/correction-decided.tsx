import { z } from "zod";
import { defineTemplate } from "../template";
import { calendarDate, displayName, letterFields } from "./fields";
import { Details, EmailLayout, Paragraph } from "./layout";

/** A wall-clock time on the club's clock, "HH:MM". */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM");

const correctionDecidedPropsSchema = z.object({
  ...letterFields,
  employeeName: displayName,
  date: calendarDate,
  checkIn: clockTime,
  checkOut: clockTime,
  decision: z.enum(["approved", "rejected"]),
  rejectionReason: z.string().trim().min(1).max(500).nullable().default(null),
});

export const correctionDecidedTemplate = defineTemplate({
  messages: "correctionDecided",
  schema: correctionDecidedPropsSchema,
  subject: ({ date, decision }, text) =>
    decision === "approved"
      ? text.t("correctionDecided.subjectApproved", { day: text.date(date) })
      : text.t("correctionDecided.subjectRejected", { day: text.date(date) }),
  Component: ({ employeeName, date, checkIn, checkOut, decision, rejectionReason, clubName, text }) => {
    const approved = decision === "approved";
    const day = text.date(date);
    return (
      <EmailLayout
        text={text}
        clubName={clubName}
        heading={text.t(approved ? "correctionDecided.headingApproved" : "correctionDecided.headingRejected")}
        preview={text.t(approved ? "correctionDecided.previewApproved" : "correctionDecided.previewRejected", { day })}
      >
        <Paragraph>
          {text.t(approved ? "correctionDecided.introApproved" : "correctionDecided.introRejected", {
            employeeName,
            day,
          })}
        </Paragraph>
        <Details
          rows={[
            [text.t("correctionDecided.day"), day],
            [text.t("correctionDecided.checkIn"), checkIn],
            [text.t("correctionDecided.checkOut"), checkOut],
            ...(rejectionReason ? [[text.t("correctionDecided.reason"), rejectionReason] as const] : []),
          ]}
        />
        <Paragraph>{text.t("correctionDecided.closing")}</Paragraph>
      </EmailLayout>
    );
  },
  sample: ({ t }) => ({
    employeeName: t("samples.employeeName"),
    date: "2025-03-14",
    checkIn: "08:00",
    checkOut: "16:30",
    decision: "rejected" as const,
    rejectionReason: t("samples.rejectionReason"),
    clubName: "Sunrise Tennis Club",
  }),
});
