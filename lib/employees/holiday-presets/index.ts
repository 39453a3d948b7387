import { z } from "zod";
import spain from "./es.json";
import madrid from "./es-md.json";

/** The languages a preset names its holidays in: the console's. */
export const PRESET_LANGUAGES = ["en", "es"] as const;
type PresetLanguage = (typeof PRESET_LANGUAGES)[number];

const inBothLanguages = z.strictObject({ en: z.string().min(1), es: z.string().min(1) });

const yearSchema = z.strictObject({
  source: z.string().min(1),
  verified: z.boolean(),
  holidays: z.array(inBothLanguages.extend({ date: z.iso.date() })).min(1),
});

const presetFileSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z]{2}(-[a-z]{2,3})?$/),
    name: inBothLanguages,
    note: inBothLanguages,
    years: z.record(z.string().regex(/^\d{4}$/), yearSchema),
  })
  .superRefine((preset, ctx) => {
    for (const [year, { holidays }] of Object.entries(preset.years)) {
      const dates = holidays.map((holiday) => holiday.date);
      if (dates.some((date) => !date.startsWith(`${year}-`)))
        ctx.addIssue({ code: "custom", path: ["years", year], message: `every date must be in ${year}` });
      if (new Set(dates).size !== dates.length)
        ctx.addIssue({ code: "custom", path: ["years", year], message: "a date is listed twice" });
    }
  });
type PresetFile = z.output<typeof presetFileSchema>;

/** Every calendar the club can apply; a new file is imported above and listed here (README.md). */
const PRESET_FILES: readonly unknown[] = [spain, madrid];

/** Parsed once: a malformed file fails the first request and the unit test, never silently. */
const presets: ReadonlyMap<string, PresetFile> = new Map(
  PRESET_FILES.map((file) => {
    const preset = presetFileSchema.parse(file);
    return [preset.id, preset];
  }),
);

export const PRESET_IDS = [...presets.keys()];

/** A preset as the API lists it: its names, what it leaves out, and per year its source and whether it was checked. */
export type HolidayPresetView = {
  id: string;
  name: { en: string; es: string };
  note: { en: string; es: string };
  years: Array<{ year: number; holidayCount: number; verified: boolean; source: string }>;
};

export function listHolidayPresets(): HolidayPresetView[] {
  return [...presets.values()].map((preset) => ({
    id: preset.id,
    name: preset.name,
    note: preset.note,
    years: Object.entries(preset.years)
      .map(([year, { holidays, verified, source }]) => ({
        year: Number(year),
        holidayCount: holidays.length,
        verified,
        source,
      }))
      .sort((a, b) => a.year - b.year),
  }));
}

/** The preset's holidays of `year` as holiday list entries named in `language`; null when it has no such year. */
export function presetEntries(
  id: string,
  year: number,
  language: PresetLanguage,
): Array<{ date: string; description: string }> | null {
  const holidays = presets.get(id)?.years[String(year)]?.holidays;
  return holidays?.map((holiday) => ({ date: holiday.date, description: holiday[language] })) ?? null;
}
