import { z } from "zod";
import { mailStatus } from "@/lib/platform/db/schema/mail";
import { NUL_CHARACTER_MESSAGE, withoutNul } from "@/lib/platform/http/params";
import { paginationQuery } from "@/lib/platform/pagination";
import { MAIL_LANGUAGES } from "./recipient-language";

export const MAIL_STATUSES = mailStatus.enumValues;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The outbox list: newest first unless asked otherwise, by status and recipient. */
export const mailListQuery = paginationQuery(["createdAt"], "createdAt", "desc").extend({
  status: z
    .preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(MAIL_STATUSES, `Use ${MAIL_STATUSES.join(", ")}.`).optional(),
    )
    .meta({ description: "Only mail in this state." }),
  search: z
    .string()
    .trim()
    .max(254, "Use at most 254 characters.")
    .refine(withoutNul, NUL_CHARACTER_MESSAGE)
    .optional()
    .meta({ description: "Part of the recipient's address, ignoring case; `%` and `_` match literally." }),
});
export type MailListQuery = z.output<typeof mailListQuery>;

export const templateParams = z.object({
  name: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, "Not a template name.")
    .meta({ description: "The template's name, as GET /api/mail/templates lists it.", examples: ["welcome"] }),
});

/** The language template titles, descriptions and previews are written in. */
export const templateLanguageQuery = z.object({
  language: z
    .enum(MAIL_LANGUAGES, `Use ${MAIL_LANGUAGES.join(" or ")}.`)
    .optional()
    .meta({ description: "`en` or `es`; the club's default language when omitted.", examples: ["es"] }),
});
