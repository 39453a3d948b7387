import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { listMail } from "@/lib/mail/admin";
import { mailListQuery } from "@/lib/mail/schemas";
import { mailPageShape } from "@/lib/mail/shapes";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** The mail outbox, newest first, by status and recipient. */
export const GET = route(
  {
    access: "mail:read",
    query: mailListQuery,
    summary: "The mail outbox, newest first",
    description:
      "`status` filters by pending, sent or failed; `search` matches part of the recipient's address, ignoring case.",
    response: { schema: mailPageShape },
  },
  async ({ query, services }) => ok(await listMail(services, query)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
