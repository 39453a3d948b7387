import { afterEach, describe, expect, it, vi } from "vitest";
import type { Executor } from "@/lib/platform/db";
import { clubSettings, clubSettingsOf, forgetClubSettings, timeZoneField } from "./club-settings";

const DEFAULTS = { CLUB_TIMEZONE: "Europe/Madrid", CURRENCY: "EUR" };

/** A database whose one settings row is `row`, counting the reads. */
function databaseHolding(row: { language: string | null; timeZone: string | null; currency: string | null }) {
  const database = { reads: 0, row };
  const executor = {
    select: () => ({
      from: async () => {
        database.reads += 1;
        return [database.row];
      },
    }),
  } as unknown as Executor;
  return { database, executor };
}

afterEach(() => vi.useRealTimers());

describe("the club's settings", () => {
  it("take the env's zone and currency, and English, for what was never stored", () => {
    expect(clubSettingsOf(undefined, DEFAULTS)).toEqual({ language: "en", timeZone: "Europe/Madrid", currency: "EUR" });
    expect(clubSettingsOf({ language: "es", timeZone: null, currency: "USD" }, DEFAULTS)).toEqual({
      language: "es",
      timeZone: "Europe/Madrid",
      currency: "USD",
    });
  });

  it("are read once per 5 seconds per database, and again at once after this instance saved them", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T10:00:00Z") });
    const { database, executor } = databaseHolding({ language: "es", timeZone: "Atlantic/Canary", currency: "EUR" });
    expect((await clubSettings(executor, DEFAULTS)).timeZone).toBe("Atlantic/Canary");
    database.row = { ...database.row, timeZone: "Europe/Madrid" };
    vi.advanceTimersByTime(4_999);
    expect((await clubSettings(executor, DEFAULTS)).timeZone).toBe("Atlantic/Canary");
    vi.advanceTimersByTime(1);
    expect((await clubSettings(executor, DEFAULTS)).timeZone).toBe("Europe/Madrid");
    database.row = { ...database.row, language: "en" };
    forgetClubSettings(executor);
    expect((await clubSettings(executor, DEFAULTS)).language).toBe("en");
    expect(database.reads).toBe(3);
  });

  it("accept IANA zones by their IANA and ICU names and UTC, not abbreviations, offsets or unknown zones", () => {
    for (const zone of ["Europe/Madrid", "Atlantic/Canary", "America/Argentina/Buenos_Aires", "Asia/Kolkata", "UTC"])
      expect(timeZoneField.safeParse(zone).success, zone).toBe(true);
    for (const zone of ["Asia/Calcutta", "Europe/Kyiv", "America/Buenos_Aires"])
      expect(timeZoneField.safeParse(zone).success, zone).toBe(true);
    for (const zone of ["CET", "+01:00", "Madrid", "europe/madrid", "Mars/Olympus", ""])
      expect(timeZoneField.safeParse(zone).success, zone).toBe(false);
  });
});
