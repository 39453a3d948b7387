import { describe, expect, it } from "vitest";
import { parseSchedule } from "./scheduler";

describe("parseSchedule", () => {
  it("takes the zone from an Inngest TZ prefix", () => {
    expect(parseSchedule("TZ=Europe/Madrid 0 3 * * *", "UTC")).toEqual({ pattern: "0 3 * * *", timezone: "Europe/Madrid" });
  });

  it("falls back to the club's zone", () => {
    expect(parseSchedule("* * * * *", "Europe/Madrid")).toEqual({ pattern: "* * * * *", timezone: "Europe/Madrid" });
  });
});
