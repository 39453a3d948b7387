import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { MailErrors } from "@/lib/mail/errors";
import { templateParams } from "@/lib/mail/schemas";
import { templatePreviewShape } from "@/lib/mail/shapes";
import { previewTemplate } from "@/lib/mail/templates";

export const dynamic = "force-dynamic";

/** The template rendered with its sample props: subject, HTML and text. */
export const GET = route(
  {
    access: "mail:read",
    params: templateParams,
    summary: "An email template rendered with its sample props",
    description:
      "Rendered by the email renderer (its own process when EMAIL_RENDERER_URL is set), exactly as real mail is.",
    response: { schema: templatePreviewShape },
    errors: [MailErrors.templateNotFound],
  },
  async ({ params, services }) => previewTemplate(services, params.name),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
