import { z } from "zod";
import { EMAIL_LANGUAGES } from "../i18n";

/** Prop schemas shared by the templates. */
export const displayName = z.string().trim().min(1).max(200);

/** A calendar date, YYYY-MM-DD, already in the club's time zone. */
export const calendarDate = z.iso.date();

/** Only web links: a template must never render a javascript: or data: URL into a button. */
export const webUrl = z.url({ protocol: /^https?$/ });

/** Database numeric columns arrive as strings; both forms are accepted. */
export const amount = z.union([
  z.number().nonnegative(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a non-negative decimal")
    .transform(Number),
]);

/** An amount that may be negative, as on a rectifying invoice that credits the member. */
export const signedAmount = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, "must be a decimal")
    .transform(Number),
]);

/** ISO 4217 code, e.g. EUR. */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as EUR");

/** An IANA time zone the runtime knows, e.g. Europe/Madrid. */
const timeZoneName = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, "must be an IANA time zone such as Europe/Madrid");

/**
 * What every email takes besides its own data: who sends it and how the reader reads. `language` and `timeZone`
 * default so that mail queued before they existed still renders (in English, as it would have).
 */
export const letterFields = {
  clubName: displayName,
  language: z.enum(EMAIL_LANGUAGES).default("en"),
  timeZone: timeZoneName.default("UTC"),
};
