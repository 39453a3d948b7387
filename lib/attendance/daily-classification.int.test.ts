import "@/tests/support/isolated-env";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { instantOf, localDate } from "@/lib/platform/calendar";
import type { DatabaseAdapter } from "@/lib/platform/db";
import {
  attendanceRecords,
  employeeCheckins,
  employees,
  holidayEntries,
  holidayLists,
  users,
} from "@/lib/platform/db/schema";
import { resetDatabase } from "@/tests/support/reset-database";
import { LONG_EMPLOYED_SINCE } from "@/tests/support/staff";
import { createTestDatabase } from "@/tests/support/test-database";
import { classifyDay } from "./classify";
import { classifyAttendanceDay, previousClubDay } from "./daily-classification";

const TZ = "Europe/Madrid";
const FRIDAY = "2026-11-20";

let database: DatabaseAdapter;
let sequence = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await resetDatabase(database);
});
afterAll(() => database.close());

async function holidayList(weeklyOffDays: number[], dates: string[] = []) {
  sequence += 1;
  const [list] = await database.db
    .insert(holidayLists)
    .values({ name: `List ${sequence}`, weeklyOffDays })
    .returning({ id: holidayLists.id });
  if (dates.length > 0)
    await database.db.insert(holidayEntries).values(dates.map((date) => ({ holidayListId: list!.id, date })));
  return list!.id;
}

async function employee(options: { isActive?: boolean; holidayListId?: string | null; startsOn?: string } = {}) {
  sequence += 1;
  const email = `employee${sequence}@club.example`;
  const [user] = await database.db
    .insert(users)
    .values({ email, username: email, firstName: "Employee", lastName: `No. ${sequence}`, passwordHash: "x" })
    .returning({ id: users.id });
  const [row] = await database.db
    .insert(employees)
    .values({
      userId: user!.id,
      isActive: options.isActive ?? true,
      holidayListId: options.holidayListId ?? null,
      startsOn: options.startsOn ?? LONG_EMPLOYED_SINCE,
    })
    .returning({ id: employees.id });
  return row!.id;
}

type Pair = { employeeId: string; checkIn: Date; checkOut: Date | null };
const pair = (employeeId: string, checkIn: string, checkOut?: string): Pair => ({
  employeeId,
  checkIn: new Date(checkIn),
  checkOut: checkOut ? new Date(checkOut) : null,
});

/** Writes clock-ins and clock-outs as the clock does: the out points at its in, which it closes. */
async function insertPairs(pairs: readonly Pair[]) {
  const rows = pairs.flatMap((p) => {
    const inId = randomUUID();
    const checkIn = {
      id: inId,
      employeeId: p.employeeId,
      direction: "in" as const,
      occurredAt: p.checkIn,
      source: "MobileApp" as const,
      closedAt: p.checkOut,
    };
    if (!p.checkOut) return [checkIn];
    return [
      checkIn,
      {
        id: randomUUID(),
        employeeId: p.employeeId,
        direction: "out" as const,
        occurredAt: p.checkOut,
        source: "MobileApp" as const,
        pairedCheckinId: inId,
      },
    ];
  });
  for (let i = 0; i < rows.length; i += 1000)
    await database.db.insert(employeeCheckins).values(rows.slice(i, i + 1000));
}

const classify = (date: string) => classifyAttendanceDay(database.db, { date, timeZone: TZ });
const recordsOf = (date: string) =>
  database.db
    .select()
    .from(attendanceRecords)
    .where(eq(attendanceRecords.date, date))
    .orderBy(asc(attendanceRecords.employeeId));
async function recordOf(employeeId: string, date: string) {
  const [row] = await database.db
    .select()
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.employeeId, employeeId), eq(attendanceRecords.date, date)));
  return row;
}

describe("classifyAttendanceDay", () => {
  it("gives every active employee one record with its status, in the priority order of spec 3.3", async () => {
    const fridayOff = await holidayList([5]);
    const fridayHoliday = await holidayList([6, 7], [FRIDAY]);
    const ids = {
      weekend: await employee({ holidayListId: fridayOff }),
      holiday: await employee({ holidayListId: fridayHoliday }),
      present: await employee({ holidayListId: await holidayList([6, 7], ["2026-11-19"]) }),
      incomplete: await employee(),
      absent: await employee(),
      inactive: await employee({ isActive: false }),
    };
    await insertPairs([
      pair(ids.weekend, "2026-11-20T08:00:00Z", "2026-11-20T16:00:00Z"),
      pair(ids.holiday, "2026-11-20T08:00:00Z", "2026-11-20T16:00:00Z"),
      pair(ids.present, "2026-11-20T07:59:30.250Z", "2026-11-20T16:30:00Z"),
      pair(ids.incomplete, "2026-11-20T08:00:00Z"),
      pair(ids.inactive, "2026-11-20T08:00:00Z", "2026-11-20T16:00:00Z"),
    ]);

    expect(await classify(FRIDAY)).toEqual({ date: FRIDAY, classified: 5, written: 5, skippedRegularized: 0 });

    const zero = {
      hoursWorked: "0.00",
      lateEntryMinutes: 0,
      earlyExitMinutes: 0,
      overtimeHours: "0.00",
      isRegularized: false,
    };
    expect(await recordOf(ids.weekend, FRIDAY)).toMatchObject({
      status: "Weekend",
      checkInAt: null,
      checkOutAt: null,
      ...zero,
    });
    expect(await recordOf(ids.holiday, FRIDAY)).toMatchObject({
      status: "Holiday",
      checkInAt: null,
      checkOutAt: null,
      ...zero,
    });
    expect(await recordOf(ids.present, FRIDAY)).toMatchObject({
      status: "Present",
      checkInAt: new Date("2026-11-20T07:59:30.250Z"),
      checkOutAt: new Date("2026-11-20T16:30:00Z"),
      ...zero,
      hoursWorked: "8.51", // 8 h 30 min 29.75 s = 8.5083 h
    });
    expect(await recordOf(ids.incomplete, FRIDAY)).toMatchObject({
      status: "Incomplete",
      checkInAt: new Date("2026-11-20T08:00:00Z"),
      checkOutAt: null,
      ...zero,
    });
    expect(await recordOf(ids.absent, FRIDAY)).toMatchObject({
      status: "Absent",
      checkInAt: null,
      checkOutAt: null,
      ...zero,
    });
    expect(await recordOf(ids.inactive, FRIDAY)).toBeUndefined();
  });

  it("changes nothing when run again: same rows, no duplicates, updated_at kept; a new event updates only its row", async () => {
    const present = await employee();
    const incomplete = await employee();
    await employee();
    await insertPairs([
      pair(present, "2026-11-20T08:00:00Z", "2026-11-20T16:00:00Z"),
      pair(incomplete, "2026-11-20T08:00:00Z"),
    ]);

    await classify(FRIDAY);
    const first = await recordsOf(FRIDAY);
    expect(await classify(FRIDAY)).toEqual({ date: FRIDAY, classified: 3, written: 0, skippedRegularized: 0 });
    expect(await recordsOf(FRIDAY)).toEqual(first);
    expect(await database.db.$count(attendanceRecords)).toBe(3);

    // The open clock-in is closed the next morning: only that record changes.
    await database.db.delete(employeeCheckins).where(eq(employeeCheckins.employeeId, incomplete));
    await insertPairs([pair(incomplete, "2026-11-20T08:00:00Z", "2026-11-21T07:00:00Z")]);
    expect(await classify(FRIDAY)).toMatchObject({ classified: 3, written: 1 });
    const third = await recordsOf(FRIDAY);
    const changed = third.find((row) => row.employeeId === incomplete);
    expect(changed).toMatchObject({ status: "Present", hoursWorked: "23.00" });
    expect(changed!.updatedAt.getTime()).toBeGreaterThan(
      first.find((row) => row.employeeId === incomplete)!.updatedAt.getTime(),
    );
    expect(third.filter((row) => row.employeeId !== incomplete)).toEqual(
      first.filter((row) => row.employeeId !== incomplete),
    );
  });

  it("leaves regularized records as the approved correction wrote them", async () => {
    const corrected = await employee();
    const other = await employee();
    await insertPairs([pair(corrected, "2026-11-20T10:00:00Z")]);
    const [approved] = await database.db
      .insert(attendanceRecords)
      .values({
        employeeId: corrected,
        date: FRIDAY,
        status: "Present",
        checkInAt: new Date("2026-11-20T08:00:00Z"),
        checkOutAt: new Date("2026-11-20T16:00:00Z"),
        hoursWorked: "8.00",
        isRegularized: true,
      })
      .returning();

    expect(await classify(FRIDAY)).toEqual({ date: FRIDAY, classified: 1, written: 1, skippedRegularized: 1 });
    expect(await recordOf(corrected, FRIDAY)).toEqual(approved);
    expect(await recordOf(other, FRIDAY)).toMatchObject({ status: "Absent" });
  });

  it("counts an out after local midnight on its in's day, and an in after local midnight on the next day", async () => {
    const night = await employee();
    const late = await employee();
    await insertPairs([
      pair(night, "2026-11-20T21:00:00Z", "2026-11-21T05:30:00Z"), // 22:00 → 06:30 in Madrid
      pair(late, "2026-11-20T23:30:00Z", "2026-11-21T03:00:00Z"), // 00:30 on the 21st in Madrid
    ]);
    await classify(FRIDAY);
    await classify("2026-11-21");

    expect(await recordOf(night, FRIDAY)).toMatchObject({
      status: "Present",
      checkOutAt: new Date("2026-11-21T05:30:00Z"),
      hoursWorked: "8.50",
    });
    expect(await recordOf(night, "2026-11-21")).toMatchObject({ status: "Absent" });
    expect(await recordOf(late, FRIDAY)).toMatchObject({ status: "Absent" });
    expect(await recordOf(late, "2026-11-21")).toMatchObject({ status: "Present", hoursWorked: "3.50" });
  });

  it("spans several pairs from the first in to the last out; a later open in keeps the day Present", async () => {
    const split = await employee();
    const backAgain = await employee();
    await insertPairs([
      pair(split, "2026-11-20T12:00:00Z", "2026-11-20T16:30:00Z"),
      pair(split, "2026-11-20T07:00:00Z", "2026-11-20T11:00:00Z"),
      pair(backAgain, "2026-11-20T07:00:00Z", "2026-11-20T11:00:00Z"),
      pair(backAgain, "2026-11-20T20:00:00Z"),
    ]);
    await classify(FRIDAY);

    expect(await recordOf(split, FRIDAY)).toMatchObject({
      status: "Present",
      checkInAt: new Date("2026-11-20T07:00:00Z"),
      checkOutAt: new Date("2026-11-20T16:30:00Z"),
      hoursWorked: "9.50",
    });
    expect(await recordOf(backAgain, FRIDAY)).toMatchObject({
      status: "Present",
      checkOutAt: new Date("2026-11-20T11:00:00Z"),
      hoursWorked: "4.00",
    });
  });

  // Local midnights: 29 March 2026 runs from 23:00Z (CET) to 22:00Z (CEST), 23 hours; 25 October 2026 from 22:00Z
  // (CEST) to 23:00Z (CET), 25 hours. One in just before and one at each midnight.
  const dstCases: Array<
    [string, string, string | undefined, Record<string, { status: string; hoursWorked?: string }>]
  > = [
    [
      "spring: 23:59:59 on the 28th",
      "2026-03-28T22:59:59Z",
      "2026-03-29T06:00:00Z",
      { "2026-03-28": { status: "Present", hoursWorked: "7.00" }, "2026-03-29": { status: "Absent" } },
    ],
    [
      "spring: 00:00 on the 29th",
      "2026-03-28T23:00:00Z",
      "2026-03-29T07:00:00Z",
      { "2026-03-28": { status: "Absent" }, "2026-03-29": { status: "Present", hoursWorked: "8.00" } },
    ],
    [
      "spring: 23:59:59 CEST on the 29th",
      "2026-03-29T21:59:59Z",
      "2026-03-29T23:00:00Z",
      { "2026-03-29": { status: "Present", hoursWorked: "1.00" }, "2026-03-30": { status: "Absent" } },
    ],
    [
      "spring: 00:00 on the 30th",
      "2026-03-29T22:00:00Z",
      undefined,
      { "2026-03-29": { status: "Absent" }, "2026-03-30": { status: "Incomplete" } },
    ],
    [
      "autumn: 23:59:59 CEST on the 24th",
      "2026-10-24T21:59:59Z",
      "2026-10-25T01:00:00Z",
      { "2026-10-24": { status: "Present", hoursWorked: "3.00" }, "2026-10-25": { status: "Absent" } },
    ],
    [
      "autumn: 00:00 CEST on the 25th",
      "2026-10-24T22:00:00Z",
      "2026-10-25T09:30:00Z",
      { "2026-10-24": { status: "Absent" }, "2026-10-25": { status: "Present", hoursWorked: "11.50" } },
    ],
    [
      "autumn: 23:59:59 CET on the 25th",
      "2026-10-25T22:59:59Z",
      "2026-10-26T07:00:00Z",
      { "2026-10-25": { status: "Present", hoursWorked: "8.00" }, "2026-10-26": { status: "Absent" } },
    ],
    [
      "autumn: 00:00 on the 26th",
      "2026-10-25T23:00:00Z",
      undefined,
      { "2026-10-25": { status: "Absent" }, "2026-10-26": { status: "Incomplete" } },
    ],
  ];
  it.each(dstCases)(
    "puts an in at %s on the right local day across DST",
    async (_name, checkIn, checkOut, expected) => {
      const id = await employee(); // no holiday list: the DST Sundays are working days
      await insertPairs([pair(id, checkIn, checkOut)]);
      for (const [date, record] of Object.entries(expected)) {
        await classify(date);
        expect(await recordOf(id, date)).toMatchObject(record);
      }
    },
  );

  it("agrees with classifyDay() for 50 employees with random events over two DST weeks", async () => {
    const random = mulberry32(20261120);
    const lists = [
      { weeklyOffDays: [6, 7], dates: ["2026-03-30", "2026-10-26"] },
      { weeklyOffDays: [], dates: ["2026-03-29"] },
      { weeklyOffDays: [7], dates: [] },
    ];
    const listIds = await Promise.all(lists.map((list) => holidayList(list.weeklyOffDays, list.dates)));
    const windows = [
      {
        from: Date.parse("2026-03-26T20:00:00Z"),
        to: Date.parse("2026-04-01T02:00:00Z"),
        dates: ["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"],
      },
      {
        from: Date.parse("2026-10-23T20:00:00Z"),
        to: Date.parse("2026-10-28T02:00:00Z"),
        dates: ["2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27"],
      },
    ];
    const people: Array<{ id: string; active: boolean; list: number | null }> = [];
    for (let n = 0; n < 50; n += 1) {
      const list = n % 4 === 3 ? null : n % 4;
      const active = n % 10 !== 9;
      people.push({
        id: await employee({ isActive: active, holidayListId: list === null ? null : listIds[list] }),
        active,
        list,
      });
    }
    const pairs: Pair[] = [];
    for (const person of people) {
      // Alternating ins and outs at random milliseconds; only the last in may stay open (one open clock-in).
      for (const window of windows) {
        let t = window.from + Math.floor(random() * 20 * 3_600_000);
        while (t < window.to) {
          const open = random() < 0.08;
          const out = open ? null : t + 60_000 + Math.floor(random() * 14 * 3_600_000);
          pairs.push({ employeeId: person.id, checkIn: new Date(t), checkOut: out === null ? null : new Date(out) });
          if (out === null) break;
          t = out + 60_000 + Math.floor(random() * 26 * 3_600_000);
        }
        if (pairs.at(-1)?.employeeId === person.id && pairs.at(-1)?.checkOut === null) break;
      }
    }
    await insertPairs(pairs);

    for (const date of windows.flatMap((window) => window.dates)) {
      const result = await classify(date);
      expect(result.classified).toBe(people.filter((person) => person.active).length);
      const rows = new Map((await recordsOf(date)).map((row) => [row.employeeId, row]));
      expect(rows.size).toBe(result.classified);
      for (const person of people.filter((p) => p.active)) {
        const ofDay = pairs.filter((p) => p.employeeId === person.id && localDate(p.checkIn, TZ) === date);
        const outs = ofDay.flatMap((p) => (p.checkOut ? [p.checkOut.getTime()] : []));
        const list = person.list === null ? null : lists[person.list]!;
        const expected = classifyDay({
          date,
          weeklyOffDays: list?.weeklyOffDays ?? [],
          holidays: new Set(list?.dates ?? []),
          checkIn: ofDay.length > 0 ? new Date(Math.min(...ofDay.map((p) => p.checkIn.getTime()))) : null,
          checkOut: outs.length > 0 ? new Date(Math.max(...outs)) : null,
        });
        expect(rows.get(person.id)).toMatchObject({ employeeId: person.id, ...expected, isRegularized: false });
      }
    }
    const statuses = new Set(
      (await database.db.select({ status: attendanceRecords.status }).from(attendanceRecords)).map((row) => row.status),
    );
    expect([...statuses].sort()).toEqual(["Absent", "Holiday", "Incomplete", "Present", "Weekend"]);
  });
});

describe("classifyAttendanceDay: the club's default list and the start date (issue 16 item 8)", () => {
  const SUNDAY = "2026-11-22";

  async function makeDefault(listId: string) {
    await database.db.update(holidayLists).set({ isDefault: true }).where(eq(holidayLists.id, listId));
  }

  it("classifies an employee without a list by the club's default list; an employee's own list wins", async () => {
    await makeDefault(await holidayList([6, 7], [FRIDAY]));
    const byDefault = await employee();
    const ownList = await employee({ holidayListId: await holidayList([1]) });
    await insertPairs([pair(ownList, "2026-11-20T08:00:00Z", "2026-11-20T16:00:00Z")]);

    await classify(FRIDAY);
    expect(await recordOf(byDefault, FRIDAY)).toMatchObject({ status: "Holiday" });
    expect(await recordOf(ownList, FRIDAY)).toMatchObject({ status: "Present" });
    await classify(SUNDAY);
    expect(await recordOf(byDefault, SUNDAY)).toMatchObject({ status: "Weekend" });
    // The own list has Sunday as a working day: no clock-in is an absence.
    expect(await recordOf(ownList, SUNDAY)).toMatchObject({ status: "Absent" });
  });

  it("without any list, every day is a working day (spec 3.3): the default list is what keeps Sunday off", async () => {
    const noList = await employee();
    await classify(SUNDAY);
    expect(await recordOf(noList, SUNDAY)).toMatchObject({ status: "Absent" });
    await makeDefault(await holidayList([6, 7]));
    await classify(SUNDAY);
    expect(await recordOf(noList, SUNDAY)).toMatchObject({ status: "Weekend" });
  });

  it("writes no record before the employee's start date, and one from that day on", async () => {
    await makeDefault(await holidayList([6, 7]));
    const addedOnTuesday = await employee({ startsOn: "2026-11-24" });
    const longEmployed = await employee();

    expect(await classify(SUNDAY)).toMatchObject({ classified: 1, written: 1 });
    expect(await recordOf(addedOnTuesday, SUNDAY)).toBeUndefined();
    expect(await recordOf(longEmployed, SUNDAY)).toMatchObject({ status: "Weekend" });
    await classify("2026-11-23");
    expect(await recordOf(addedOnTuesday, "2026-11-23")).toBeUndefined();
    await classify("2026-11-24");
    expect(await recordOf(addedOnTuesday, "2026-11-24")).toMatchObject({ status: "Absent" });
  });

  it.each([
    ["spring", "2026-03-23", "2026-03-29"],
    ["autumn", "2026-10-19", "2026-10-25"],
  ])(
    "classifies the %s daylight-saving week in Europe/Madrid day by day, the weekend off by the default list",
    async (_, monday, sunday) => {
      await makeDefault(await holidayList([6, 7]));
      const worker = await employee({ startsOn: monday });
      const days = Array.from({ length: 7 }, (_, i) =>
        new Date(Date.parse(`${monday}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
      );
      // 09:00 to 17:00 on the club's clock every weekday: the UTC offsets differ across the change, the hours do not.
      const local = (date: string, hour: number) => {
        const [year, month, day] = date.split("-").map(Number) as [number, number, number];
        return instantOf({ year, month, day, hour, minute: 0, second: 0, millisecond: 0 }, TZ);
      };
      await insertPairs(
        days.slice(0, 5).map((date) => ({ employeeId: worker, checkIn: local(date, 9), checkOut: local(date, 17) })),
      );
      for (const date of days) await classify(date);
      const statuses = await database.db
        .select({
          date: attendanceRecords.date,
          status: attendanceRecords.status,
          hours: attendanceRecords.hoursWorked,
        })
        .from(attendanceRecords)
        .where(eq(attendanceRecords.employeeId, worker))
        .orderBy(asc(attendanceRecords.date));
      expect(statuses).toEqual([
        ...days.slice(0, 5).map((date) => ({ date, status: "Present", hours: "8.00" })),
        { date: days[5], status: "Weekend", hours: "0.00" },
        { date: sunday, status: "Weekend", hours: "0.00" },
      ]);
    },
  );

  it("starts an employee on 29 February 2028 and classifies that day, not the day before", async () => {
    const leapStarter = await employee({ startsOn: "2028-02-29" });
    await classify("2028-02-28");
    expect(await recordOf(leapStarter, "2028-02-28")).toBeUndefined();
    await classify("2028-02-29");
    expect(await recordOf(leapStarter, "2028-02-29")).toMatchObject({ status: "Absent" });
  });
});

describe("previousClubDay", () => {
  it.each([
    ["2026-11-21T02:00:00Z", "2026-11-20"], // 03:00 in Madrid, the job's time
    ["2026-11-20T23:30:00Z", "2026-11-20"], // already the 21st in Madrid
    ["2026-03-01T02:00:00Z", "2026-02-28"],
    ["2028-03-01T02:00:00Z", "2028-02-29"],
    ["2026-03-30T01:00:00Z", "2026-03-29"], // 03:00 CEST after the spring change
    ["2027-01-01T02:00:00Z", "2026-12-31"],
  ])("at %s is %s", (now, expected) => {
    expect(previousClubDay(new Date(now), TZ)).toBe(expected);
  });
});

/** A small seeded generator, so a failing parity run can be replayed exactly. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
