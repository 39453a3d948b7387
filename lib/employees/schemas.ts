import { z } from "zod";
import { booleanFilter, notYearZero, searchFilter, YEAR_ZERO_MESSAGE } from "@/lib/platform/http/params";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { paginationQuery } from "@/lib/platform/pagination";
import { PRESET_IDS, PRESET_LANGUAGES } from "./holiday-presets";

const nameField = z.string().trim().min(1, "Required.").max(100, "Use at most 100 characters.");
const idField = z.uuid("Not a valid id.");
const nameSearch = searchFilter("Text the name contains, ignoring case.");

// Employees

export const employeeListQuery = paginationQuery(["name", "email", "createdAt", "startsOn"], "name").extend({
  search: searchFilter(
    "Words that must each appear in the linked user's first name, last name or email, ignoring case.",
  ),
  isActive: booleanFilter.meta({ description: "Only active (true) or only inactive (false) employees." }),
});
export type EmployeeListQuery = z.output<typeof employeeListQuery>;

const startsOnField = z.iso
  .date("Use a date such as 2026-11-24.")
  .refine(notYearZero, YEAR_ZERO_MESSAGE)
  .meta({ description: "First day of employment: no attendance record is written before it." });

export const createEmployeeSchema = z.object({
  userId: idField,
  holidayListId: idField.nullish().transform((id) => id ?? null),
  isActive: z.boolean().default(true),
  startsOn: startsOnField
    .optional()
    .meta({ description: "Defaults to the day the employee is added, on the club's calendar." }),
});
export type CreateEmployeeInput = z.output<typeof createEmployeeSchema>;

/** A PUT replaces isActive and holidayListId (an omitted holidayListId means none); an omitted startsOn is kept. */
export const updateEmployeeSchema = z.object({
  isActive: z.boolean(),
  holidayListId: idField.nullish().transform((id) => id ?? null),
  startsOn: startsOnField.optional(),
});
export type UpdateEmployeeInput = z.output<typeof updateEmployeeSchema>;

// Holiday lists

const WEEKDAY_MESSAGE = "Use ISO weekdays: 1 (Monday) to 7 (Sunday).";

const holidayEntrySchema = z.object({
  date: z.iso.date("Use a date such as 2026-12-25.").refine(notYearZero, YEAR_ZERO_MESSAGE),
  description: z
    .string()
    .trim()
    .max(200, "Use at most 200 characters.")
    .nullish()
    .transform((text) => text || null),
});

export const holidayListInputSchema = z.object({
  name: nameField,
  /** Stored sorted, so the same days always read back the same way. */
  weeklyOffDays: z
    .array(z.number().int(WEEKDAY_MESSAGE).min(1, WEEKDAY_MESSAGE).max(7, WEEKDAY_MESSAGE))
    .refine((days) => new Set(days).size === days.length, "List each weekday once.")
    .transform((days) => [...days].sort((a, b) => a - b))
    .default([]),
  /** The whole set: an update replaces every entry. One entry per date (the table's key). */
  entries: z
    .array(holidayEntrySchema)
    .max(1000, "Use at most 1000 entries.")
    .superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        if (seen.has(entry.date))
          ctx.addIssue({ code: "custom", path: [index, "date"], message: "This date is already listed." });
        seen.add(entry.date);
      });
    })
    .default([]),
  /** Omitted on a PUT keeps the list's current role, so clients that do not know the flag never clear it. */
  isDefault: z.boolean().optional().meta({
    description: "The club's default list, for employees without their own; making one default unsets the other.",
  }),
});
export type HolidayListInput = z.output<typeof holidayListInputSchema>;

/** Adds a preset's holidays for one year (lib/employees/holiday-presets), named in one language. */
export const applyHolidayPresetSchema = z.object({
  preset: z.enum(PRESET_IDS, `Use one of ${PRESET_IDS.join(", ")}.`),
  year: z
    .number()
    .int("Use a year such as 2026.")
    .min(2000, "Use a year such as 2026.")
    .max(2100, "Use a year such as 2026."),
  language: z
    .enum(PRESET_LANGUAGES, `Use one of ${PRESET_LANGUAGES.join(", ")}.`)
    .default("en")
    .meta({ description: "The language of the holidays' descriptions." }),
});
export type ApplyHolidayPresetInput = z.output<typeof applyHolidayPresetSchema>;

export const holidayListListQuery = paginationQuery(["name", "createdAt"], "name").extend({ search: nameSearch });
export type HolidayListListQuery = z.output<typeof holidayListListQuery>;

// Shift types

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a 24-hour time such as 09:00.");
/** Up to 12 hours: more would cover a whole shift, which is a configuration mistake rather than a tolerance. */
const minutesField = z
  .number()
  .int("Use whole minutes.")
  .min(0, "Use 0 to 720 minutes.")
  .max(720, "Use 0 to 720 minutes.")
  .default(0);

export const shiftTypeInputSchema = z
  .object({
    name: nameField,
    shiftStart: clockTime,
    /** Earlier than shiftStart means the shift ends the next day (a night shift). */
    shiftEnd: clockTime,
    lateEntryToleranceMinutes: minutesField,
    earlyExitToleranceMinutes: minutesField,
    overtimeAfterMinutes: minutesField,
  })
  .refine((shift) => shift.shiftStart !== shift.shiftEnd, {
    path: ["shiftEnd"],
    message: "A shift cannot end when it starts.",
  });
export type ShiftTypeInput = z.output<typeof shiftTypeInputSchema>;

export const shiftTypeListQuery = paginationQuery(["name", "shiftStart", "createdAt"], "name").extend({
  search: nameSearch,
});
export type ShiftTypeListQuery = z.output<typeof shiftTypeListQuery>;

// The names these schemas go by in the OpenAPI document.
nameSchemas([
  [holidayListInputSchema, "HolidayListInput"],
  [applyHolidayPresetSchema, "HolidayPresetApplication"],
  [shiftTypeInputSchema, "ShiftTypeInput"],
]);
