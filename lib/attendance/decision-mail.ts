import { eq } from "drizzle-orm";
import { enqueueMail } from "@/lib/mail/outbox";
import { letterWith } from "@/lib/mail/recipient-language";
import { localTime } from "@/lib/platform/calendar";
import type { Transaction } from "@/lib/platform/db";
import { type attendanceRequests, employees, users } from "@/lib/platform/db/schema";
import type { ClubLocale } from "@/lib/settings/club-locale";

type DecidedRequest = typeof attendanceRequests.$inferSelect;

/** "HH:MM" on the club's clock, as the employee read it on their clock card. */
function clubClock(instant: Date, timeZone: string): string {
  const { hour, minute } = localTime(instant, timeZone);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/**
 * Tells the employee their correction was decided, queued in the decision's transaction so the mail exists exactly
 * when the decision does; the request id as dedupe key makes it one mail per request.
 */
export async function queueDecisionMail(
  tx: Transaction,
  request: DecidedRequest,
  club: Pick<ClubLocale, "language" | "timeZone">,
): Promise<void> {
  const [employee] = await tx
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.id, request.employeeId));
  if (!employee) throw new Error(`employee ${request.employeeId} vanished while their request was decided`);
  await enqueueMail(tx, {
    template: "correction-decided",
    to: employee.email,
    dedupeKey: `correction-decided:${request.id}`,
    props: {
      ...(await letterWith(tx, club, employee)),
      employeeName: employee.firstName,
      date: request.attendanceDate,
      checkIn: clubClock(request.requestedCheckIn, club.timeZone),
      checkOut: clubClock(request.requestedCheckOut, club.timeZone),
      decision: request.status,
      rejectionReason: request.rejectionReason,
    },
  });
}
