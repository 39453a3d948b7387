import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { retryMail } from "@/lib/mail/admin";
import { MailErrors } from "@/lib/mail/errors";
import { mailListItemShape } from "@/lib/mail/shapes";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

/** Puts a failed mail back in the queue and starts delivering it at once; answers the mail as pending. */
export const POST = route(
  {
    access: "mail:write",
    params: idParams,
    summary: "Retry a failed mail now",
    description:
      "Moves a failed mail back to pending, due now, audits `mail.retry_requested` and starts delivery in the background. The mail gets one more attempt: `attempts` keeps counting.",
    response: { schema: mailListItemShape },
    errors: [MailErrors.notFound, MailErrors.notFailed],
  },
  async ({ params, services }) => {
    return retryMail(services, params.id);
  },
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
