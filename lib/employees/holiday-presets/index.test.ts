import { describe, expect, it } from "vitest";
import { listHolidayPresets, PRESET_IDS, presetEntries } from ".";

const weekday = (date: string) =>
  ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][new Date(`${date}T00:00:00Z`).getUTCDay()];

describe("holiday presets", () => {
  it("holds Spain's and Madrid's calendars for 2026 and 2027, every file valid (parsed on load)", () => {
    expect(PRESET_IDS).toEqual(["es", "es-md"]);
    for (const preset of listHolidayPresets()) expect(preset.years.map((y) => y.year)).toEqual([2026, 2027]);
  });

  it("puts Easter's holidays on the right weekdays (Easter Sunday 5 April 2026, 28 March 2027)", () => {
    const dates = (id: string, year: number) => presetEntries(id, year, "en")?.map((entry) => entry.date) ?? [];
    expect(dates("es", 2026)).toContain("2026-04-03");
    expect(dates("es-md", 2026)).toEqual(expect.arrayContaining(["2026-04-02", "2026-04-03"]));
    expect(dates("es-md", 2027)).toEqual(expect.arrayContaining(["2027-03-25", "2027-03-26"]));
    expect(["2026-04-02", "2027-03-25"].map(weekday)).toEqual(["Thu", "Thu"]);
    expect(["2026-04-03", "2027-03-26"].map(weekday)).toEqual(["Fri", "Fri"]);
  });

  it("moves Madrid's 2026 Sunday holidays to the Monday after, as the BOCM decree does", () => {
    const madrid = presetEntries("es-md", 2026, "es")?.map((entry) => entry.date) ?? [];
    expect(["2026-11-01", "2026-12-06"].map(weekday)).toEqual(["Sun", "Sun"]);
    expect(madrid).toEqual(expect.arrayContaining(["2026-11-02", "2026-12-07"]));
    expect(madrid).not.toContain("2026-11-01");
    expect(madrid).toHaveLength(12);
  });

  it("names each holiday in the language asked for, and has nothing for a year it lacks", () => {
    expect(presetEntries("es", 2026, "es")?.[0]).toEqual({ date: "2026-01-01", description: "Año Nuevo" });
    expect(presetEntries("es", 2026, "en")?.[0]).toEqual({ date: "2026-01-01", description: "New Year's Day" });
    expect(presetEntries("es", 2030, "en")).toBeNull();
    expect(presetEntries("xx", 2026, "en")).toBeNull();
  });
});
