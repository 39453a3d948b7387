import { describe, expect, it } from "vitest";
import { plannedCollectionDate } from "./collection-date";

describe("plannedCollectionDate", () => {
  it("takes this month's collection day when it has not passed, else next month's", () => {
    expect(plannedCollectionDate("2027-02-03", 5)).toBe("2027-02-05");
    expect(plannedCollectionDate("2027-02-05", 5)).toBe("2027-02-05");
    expect(plannedCollectionDate("2027-02-06", 5)).toBe("2027-03-05");
  });

  it("crosses the year end and keeps day 28 in February, leap year or not", () => {
    expect(plannedCollectionDate("2026-12-31", 4)).toBe("2027-01-04");
    expect(plannedCollectionDate("2028-02-10", 28)).toBe("2028-02-28");
    expect(plannedCollectionDate("2027-01-29", 28)).toBe("2027-03-01"); // 28 February 2027 is a Sunday
  });

  it("moves a day banks are closed to the next TARGET2 business day", () => {
    expect(plannedCollectionDate("2027-03-20", 26)).toBe("2027-03-30"); // Good Friday, then Easter Monday
    expect(plannedCollectionDate("2027-04-20", 1)).toBe("2027-05-03"); // 1 May, a Saturday
    expect(plannedCollectionDate("2026-12-20", 25)).toBe("2026-12-28"); // Christmas, Boxing Day, a Sunday
  });
});
