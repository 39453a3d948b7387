import { z } from "zod";
import { emailField, personNameField } from "@/lib/auth/account-schema";
import { postalAddressSchema } from "@/lib/billing/tax-data";
import { spanishTaxIdField } from "@/lib/billing/tax-id";
import { MAIL_LANGUAGES } from "@/lib/mail/recipient-language";
import { localDate } from "@/lib/platform/calendar";
import { memberStatus } from "@/lib/platform/db/schema";
import { searchFilter } from "@/lib/platform/http/params";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { paginationQuery } from "@/lib/platform/pagination";
import { CLUB_LANGUAGES } from "@/lib/settings/languages";

export const MEMBER_STATUSES = memberStatus.enumValues;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Today in the club's time zone (`ServiceContext.club`): the default join date, the dashboard's month. */
export const clubToday = (timeZone: string, now = new Date()) => localDate(now, timeZone);

/**
 * The latest birth or join date a request may name: today where the day starts first (UTC+14). A schema checks before
 * any service has read the club's stored time zone; a later date is the future wherever the club is.
 */
const latestDateAnywhere = () => localDate(new Date(), "Etc/GMT-14");

const EARLIEST_DATE = "1900-01-01";

/** A calendar date (YYYY-MM-DD) from 1900 to today. */
const pastDate = z.iso
  .date("Use a date such as 1990-04-23.")
  .refine((date) => date >= EARLIEST_DATE, "Use a date from 1900 on.")
  .refine((date) => date <= latestDateAnywhere(), "The date cannot be in the future.");

const PHONE_CHARACTERS = /^[\d+\-() ]{6,20}$/;
const hasPhoneDigits = (phone: string) => phone.replace(/\D/g, "").length >= 6;

/** Whether a text is a phone number as members' phones are written (the CSV export writes these as typed). */
export const isPhoneNumber = (text: string) => PHONE_CHARACTERS.test(text) && hasPhoneDigits(text);

/** Lenient on purpose: what people write (+34 612 34 56 78, (555) 123-4567), checked only for plausibility. */
const phoneField = z
  .string()
  .trim()
  .regex(PHONE_CHARACTERS, "Use 6 to 20 digits, spaces, +, - or parentheses.")
  .refine(hasPhoneDigits, "Use at least 6 digits.");

export const memberInputSchema = z
  .object({
    firstName: personNameField,
    lastName: personNameField,
    email: emailField,
    phone: phoneField.nullish(),
    birthDate: pastDate.nullish(),
    /** Defaults to today on create; left unchanged on update when omitted. */
    joinedOn: pastDate.optional(),
    notes: z.string().trim().max(2000, "Use at most 2000 characters.").nullish(),
    /** Left unchanged on update when omitted, so a client that never sends it keeps what staff chose. */
    language: z
      .enum(MAIL_LANGUAGES, `Use ${MAIL_LANGUAGES.join(" or ")}.`)
      .nullable()
      .optional()
      .meta({
        description:
          "The language of the member's emails: `en` or `es`; null for the club's default. Omitted on update: unchanged.",
        examples: ["es"],
      }),
    taxId: spanishTaxIdField.nullable().optional().meta({
      description: "The member's DNI, NIE or NIF for their invoices; null clears it. Omitted on update: unchanged.",
    }),
    address: postalAddressSchema.nullable().optional().meta({
      description: "The member's postal address for their invoices; null clears it. Omitted on update: unchanged.",
    }),
  })
  .refine((member) => !member.birthDate || !member.joinedOn || member.joinedOn >= member.birthDate, {
    path: ["joinedOn"],
    message: "A member cannot join before being born.",
  });
export type MemberInput = z.output<typeof memberInputSchema>;

/** The filters the list and the CSV export share. */
const memberFilters = z.object({
  search: searchFilter(
    "Words that must each appear in the name, email or phone, ignoring case; % and _ match literally.",
  ).meta({ examples: ["ana garcía"] }),
  status: z.enum(MEMBER_STATUSES).optional().meta({ description: "Only members with this status." }),
});
export type MemberFilters = z.output<typeof memberFilters>;

const MEMBER_ORDER_FIELDS = ["lastName", "firstName", "email", "joinedOn", "status", "createdAt"] as const;

export const memberListQuery = paginationQuery(MEMBER_ORDER_FIELDS, "lastName").extend(memberFilters.shape);
export type MemberListQuery = z.output<typeof memberListQuery>;

/** The list's filters, and the language of the spreadsheet the file is for. */
export const memberExportQuery = memberFilters.extend({
  language: z
    .enum(CLUB_LANGUAGES)
    .optional()
    .meta({
      description:
        "The reader's language: for a language that writes the decimal comma (es) fields are separated by semicolons, " +
        "as its spreadsheets expect; without it, by commas.",
    }),
});
export type MemberExportQuery = z.output<typeof memberExportQuery>;

export const statusChangeSchema = z
  .object({
    status: z.enum(MEMBER_STATUSES),
    reason: z.string().trim().max(500, "Use at most 500 characters.").optional(),
  })
  .refine((change) => change.status !== "suspended" || Boolean(change.reason), {
    path: ["reason"],
    message: "Say why the member is suspended.",
  });
export type StatusChange = z.output<typeof statusChangeSchema>;

// The names these schemas go by in the OpenAPI document.
nameSchemas([[memberInputSchema, "MemberInput"]]);
