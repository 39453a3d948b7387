import { type SQL, sql } from "drizzle-orm";
import { EMAIL_LANGUAGES, type EmailLanguage } from "@/emails/i18n";
import type { Config } from "@/lib/config";
import type { Executor } from "@/lib/platform/db";
import { type ClubLocale, getClubLocale } from "@/lib/settings/club-locale";
import { clubNameOf } from "@/lib/settings/platform-settings";

export type MailLanguage = EmailLanguage;
export const MAIL_LANGUAGES = EMAIL_LANGUAGES;

const isMailLanguage = (value: unknown): value is MailLanguage => MAIL_LANGUAGES.some((language) => language === value);

/** The language a person's mail is written in: the one they chose, else the club's default. */
export function recipientLanguage({
  preferred,
  clubDefault,
}: {
  preferred: string | null | undefined;
  clubDefault: MailLanguage;
}): MailLanguage {
  return isMailLanguage(preferred) ? preferred : clubDefault;
}

/** Whom a mail goes to: an address, and the language they chose when their record has one (members.language). */
export type MailRecipient = { email: string; language?: string | null };

/** What every email carries besides its own data (emails/templates/fields.ts, letterFields). */
export type Letter = { clubName: string; language: MailLanguage; timeZone: string };

export type LetterConfig = Pick<Config, "CLUB_TIMEZONE" | "CURRENCY">;

/**
 * The club's name and time zone with a language (the club's default when none is given), and the club's currency:
 * what a mail of the club carries.
 */
export async function clubLetter(
  executor: Executor,
  config: LetterConfig,
  language?: MailLanguage,
): Promise<Letter & { currency: string }> {
  const club = await getClubLocale(executor, config);
  return {
    clubName: await clubNameOf(executor),
    language: language ?? club.language,
    timeZone: club.timeZone,
    currency: club.currency,
  };
}

/** The letter for this recipient, in their language: spread into every mail's props. */
export async function letterFor(executor: Executor, config: LetterConfig, recipient: MailRecipient): Promise<Letter> {
  return letterWith(executor, await getClubLocale(executor, config), recipient);
}

/** The same when the club's settings are at hand (a request's `ServiceContext.club`). */
export async function letterWith(
  executor: Executor,
  club: Pick<ClubLocale, "language" | "timeZone">,
  recipient: MailRecipient,
): Promise<Letter> {
  return {
    clubName: await clubNameOf(executor),
    language: recipientLanguage({ preferred: recipient.language, clubDefault: club.language }),
    timeZone: club.timeZone,
  };
}

/**
 * For set-based jobs that queue mail in SQL: the letter's props as `jsonb_build_object` arguments, with the language
 * chosen by the SQL twin of recipientLanguage() (the recipient's `preferred` column, else the club's default; the
 * column's check constraint admits only languages the emails are written in). Parity: jobs.int.test.ts.
 */
export const letterSql = (club: Letter, preferred: SQL): SQL =>
  sql`'clubName', ${club.clubName}::text, 'language', coalesce(${preferred}, ${club.language}::text), 'timeZone', ${club.timeZone}::text`;
