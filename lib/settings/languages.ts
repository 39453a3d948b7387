/** The languages the console and the mails speak; a module of its own so that client components may import it. */
export const CLUB_LANGUAGES = ["en", "es"] as const;
export type ClubLanguage = (typeof CLUB_LANGUAGES)[number];

export const isClubLanguage = (value: unknown): value is ClubLanguage =>
  typeof value === "string" && (CLUB_LANGUAGES as readonly string[]).includes(value);
