import { eq } from "drizzle-orm";
import { enqueueMail } from "@/lib/mail/outbox";
import { localTime } from "@/lib/platform/calendar";
import type { Transaction } from "@/lib/platform/db";
import { type attendanceRequests, employees, users } from "@/lib/platform/db/schema";
import { clubNameOf } from "@/lib/settings/platform-settings";

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
export async function queueDecisionMail(tx: Transaction, request: DecidedRequest, timeZone: string): Promise<void> {
  const [employee] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.id, request.employeeId));
  if (!employee) throw new Error(`employee ${request.employeeId} vanished while their request was decided`);
  await enqueueMail(tx, {
    template: "correction-decided",
    to: employee.email,
    dedupeKey: `correction-decided:${request.id}`,
    props: {
      employeeName: employee.firstName,
      date: request.attendanceDate,
      checkIn: clubClock(request.requestedCheckIn, timeZone),
      checkOut: clubClock(request.requestedCheckOut, timeZone),
      decision: request.status,
      rejectionReason: request.rejectionReason,
      clubName: await clubNameOf(tx),
    },
  });
}
