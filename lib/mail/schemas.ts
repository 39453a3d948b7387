import { z } from "zod";
import { mailStatus } from "@/lib/platform/db/schema/mail";
import { NUL_CHARACTER_MESSAGE, withoutNul } from "@/lib/platform/http/params";
import { paginationQuery } from "@/lib/platform/pagination";

export const MAIL_STATUSES = mailStatus.enumValues;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The outbox list: newest first unless asked otherwise, by status and recipient. */
export const mailListQuery = paginationQuery(["createdAt"], "createdAt").extend({
  orderDirection: z.enum(["asc", "desc"]).default("desc"),
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(MAIL_STATUSES, `Use ${MAIL_STATUSES.join(", ")}.`).optional(),
  ),
  /** Part of the recipient's address, ignoring case; `%` and `_` match literally. */
  search: z
    .string()
    .trim()
    .max(254, "Use at most 254 characters.")
    .refine(withoutNul, NUL_CHARACTER_MESSAGE)
    .optional(),
});
export type MailListQuery = z.output<typeof mailListQuery>;

export const templateParams = z.object({ name: z.string().regex(/^[a-z0-9-]{1,60}$/, "Not a template name.") });
