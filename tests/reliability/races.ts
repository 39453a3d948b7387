/**
 * The races of issue 7 are held by integration tests next to the code they protect; scripts/test-reliability.sh
 * runs exactly these on real PostgreSQL and this file names them (and turns vitest's JSON report into the
 * figures of docs/reliability.md).
 */
export const RACES = [
  {
    race: "setup super-admin ×50",
    file: "app/api/setup/setup.int.test.ts",
    test: "lets exactly one of 50 parallel requests create the super-admin",
  },
  {
    race: "clock-in ×20 (and clock-out ×20)",
    file: "app/api/attendance.int.test.ts",
    test: "gives exactly one of 20 concurrent clock-ins for one employee, and one of 20 clock-outs",
  },
  {
    race: "approve/reject ×10",
    file: "app/api/attendance-requests/attendance-requests.int.test.ts",
    test: "lets exactly one of 10 concurrent approve/reject calls decide",
  },
  {
    race: "correction request, one Open per day, concurrent",
    file: "app/api/attendance-requests/attendance-requests.int.test.ts",
    test: "keeps one Open request per employee and date: 409 AttendanceRequest.DuplicateOpen, also under concurrency",
  },
  {
    race: "auto-renewal job ×2 instances (50 terms)",
    file: "lib/subscriptions/jobs.int.test.ts",
    test: "never renews a term twice when two instances run at once",
  },
  {
    race: "enrollment with the same email ×10",
    file: "app/api/members/enroll/enroll.int.test.ts",
    test: "lets one of 10 parallel enrollments with the same email win",
  },
  {
    race: "enrolment with one Idempotency-Key ×10",
    file: "app/api/idempotency.int.test.ts",
    test: "creates exactly one member of 10 parallel enrolments with one key; the others replay it or answer 409",
  },
  {
    race: "clock-in with one Idempotency-Key ×10",
    file: "app/api/idempotency.int.test.ts",
    test: "clocks in once for 10 parallel clock-ins with one key, none refused as a double clock-in",
  },
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `vitest -t` pattern selecting exactly the race tests. */
export const racePattern = () => RACES.map((race) => escapeRegExp(race.test)).join("|");
