import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { getMail } from "@/lib/mail/admin";
import { MailErrors } from "@/lib/mail/errors";
import { mailMessageShape } from "@/lib/mail/shapes";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

/** One message with its HTML: as sent, or rendered now; always redacted for templates with credential links. */
export const GET = route(
  {
    access: "mail:read",
    params: idParams,
    summary: "One mail with its HTML body",
    description:
      "Sent mail shows the HTML it was sent with; mail not sent yet is rendered now from its template and props (503 while the renderer is unavailable). Templates with credential links (password reset, email verification) are only ever shown with the tokens replaced (htmlSource redacted): the outbox keeps no working link.",
    response: { schema: mailMessageShape },
    errors: [MailErrors.notFound],
  },
  async ({ params, services }) => getMail(services, params.id),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
