import "@/tests/support/isolated-env";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previousClubDay } from "@/lib/attendance/daily-classification";
import { instantOf } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { attendanceRecords, employeeCheckins, employees, users } from "@/lib/platform/db/schema";
import { slotEvent } from "@/tests/support/job-slots";
import { resetDatabase } from "@/tests/support/reset-database";
import { inngestFunction } from ".";

const processDailyAttendance = inngestFunction("process-daily-attendance");

let running: Platform;
let yesterday: string;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  const zone = running.config.CLUB_TIMEZONE;
  yesterday = previousClubDay(new Date(), zone);
  const [year, month, day] = yesterday.split("-").map(Number) as [number, number, number];
  const local = (hour: number) => instantOf({ year, month, day, hour, minute: 0, second: 0, millisecond: 0 }, zone);

  const [user] = await running.database.db
    .insert(users)
    .values({ email: "night@club.example", username: "night", firstName: "Nina", lastName: "Night", passwordHash: "x" })
    .returning();
  // Employed before the day the job classifies: nothing is written for days before an employee's start.
  const [employee] = await running.database.db
    .insert(employees)
    .values({ userId: user!.id, startsOn: "2020-01-01" })
    .returning();
  const [checkIn] = await running.database.db
    .insert(employeeCheckins)
    .values({
      employeeId: employee!.id,
      direction: "in",
      occurredAt: local(9),
      source: "BiometricTerminal",
      closedAt: local(17),
    })
    .returning();
  await running.database.db.insert(employeeCheckins).values({
    employeeId: employee!.id,
    direction: "out",
    occurredAt: local(17),
    source: "BiometricTerminal",
    pairedCheckinId: checkIn!.id,
  });
});
afterAll(stopPlatform);

describe("process-daily-attendance Inngest function", () => {
  it("classifies the previous day in the club's zone in its step, and writes nothing on a second run", async () => {
    const first = await new InngestTestEngine({ function: processDailyAttendance }).execute();
    expect(first.error).toBeUndefined();
    expect(first.result).toMatchObject({
      status: "completed",
      outcome: { date: yesterday, classified: 1, written: 1, skippedRegularized: 0 },
    });
    const [record] = await running.database.db.select().from(attendanceRecords);
    expect(record).toMatchObject({ date: yesterday, status: "Present", hoursWorked: "8.00" });

    const second = await new InngestTestEngine({
      function: processDailyAttendance,
      events: [slotEvent(1)],
    }).execute();
    expect(second.result).toMatchObject({
      status: "completed",
      outcome: { date: yesterday, classified: 1, written: 0 },
    });
  });
});
