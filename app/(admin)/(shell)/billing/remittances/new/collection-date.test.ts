import { describe, expect, it } from "vitest";
import { earliestCollectionDate, isWeekend, suggestedCollectionDate } from "./collection-date";

describe("the suggested collection date", () => {
  it("is two days ahead on a weekday, in the club's time zone", () => {
    // Tuesday 24 November 2026, 10:00 in Madrid.
    expect(suggestedCollectionDate("Europe/Madrid", new Date("2026-11-24T09:00:00Z"))).toBe("2026-11-26");
    // 23:30 UTC on Tuesday is already Wednesday in Madrid: Friday.
    expect(suggestedCollectionDate("Europe/Madrid", new Date("2026-11-24T23:30:00Z"))).toBe("2026-11-27");
  });

  it("moves past a weekend to Monday", () => {
    // Thursday 26 November 2026: two days ahead is Saturday.
    expect(suggestedCollectionDate("Europe/Madrid", new Date("2026-11-26T09:00:00Z"))).toBe("2026-11-30");
    // Friday 25 December 2026 → Sunday 27 → Monday 28 (bank holidays are the bank's to know).
    expect(suggestedCollectionDate("Europe/Madrid", new Date("2026-12-25T09:00:00Z"))).toBe("2026-12-28");
  });

  it("starts tomorrow at the earliest, across a month and a year end", () => {
    expect(earliestCollectionDate("Europe/Madrid", new Date("2026-12-31T09:00:00Z"))).toBe("2027-01-01");
    expect(isWeekend("2026-11-28")).toBe(true);
    expect(isWeekend("2026-11-30")).toBe(false);
  });
});
