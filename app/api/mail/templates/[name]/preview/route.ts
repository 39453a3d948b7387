import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { MailErrors } from "@/lib/mail/errors";
import { templateLanguageQuery, templateParams } from "@/lib/mail/schemas";
import { templatePreviewShape } from "@/lib/mail/shapes";
import { previewTemplate } from "@/lib/mail/templates";

export const dynamic = "force-dynamic";

/** The template rendered with the club's sample props in the language asked for: subject, HTML and text. */
export const GET = route(
  {
    access: "mail:read",
    params: templateParams,
    query: templateLanguageQuery,
    summary: "An email template rendered with the club's sample props",
    description:
      "In `language` (the club's default when omitted), with the club's name, time zone and currency and sample data in that language; rendered by the email renderer (its own process when EMAIL_RENDERER_URL is set), exactly as real mail is.",
    response: { schema: templatePreviewShape },
    errors: [MailErrors.templateNotFound],
  },
  async ({ params, query, services }) => previewTemplate(services, params.name, query.language),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
