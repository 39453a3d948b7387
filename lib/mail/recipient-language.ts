import { EMAIL_LANGUAGES, type EmailLanguage } from "@/emails/i18n";
import type { Config } from "@/lib/config";
import type { Executor } from "@/lib/platform/db";
import { clubNameOf } from "@/lib/settings/platform-settings";
import { CLUB_LANGUAGES } from "@/lib/settings/public";

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

/** The club's default language for mail. */
export function clubDefaultLanguage(): MailLanguage {
  const configured = CLUB_LANGUAGES.defaultLanguage;
  return isMailLanguage(configured) ? configured : "en";
}

/** Whom a mail goes to: an address, and the language they chose when the record has one (members.language). */
export type MailRecipient = { email: string; language?: string | null };

/** What every email carries besides its own data (emails/templates/fields.ts, letterFields). */
export type Letter = { clubName: string; language: MailLanguage; timeZone: string };

/** The club's name and time zone with a language: what a mail in that language carries. */
export async function clubLetter(
  executor: Executor,
  config: Pick<Config, "CLUB_TIMEZONE">,
  language: MailLanguage,
): Promise<Letter> {
  return { clubName: await clubNameOf(executor), language, timeZone: config.CLUB_TIMEZONE };
}

/** The letter for this recipient, in their language: spread into every mail's props. */
export function letterFor(
  executor: Executor,
  config: Pick<Config, "CLUB_TIMEZONE">,
  recipient: MailRecipient,
): Promise<Letter> {
  return clubLetter(
    executor,
    config,
    recipientLanguage({ preferred: recipient.language, clubDefault: clubDefaultLanguage() }),
  );
}
