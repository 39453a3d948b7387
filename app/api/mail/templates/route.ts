import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { templateLanguageQuery } from "@/lib/mail/schemas";
import { templateListShape } from "@/lib/mail/shapes";
import { listTemplates } from "@/lib/mail/templates";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Every email template with its title, description and sample props, in the language asked for. */
export const GET = route(
  {
    access: "mail:read",
    query: templateLanguageQuery,
    summary: "The email templates, with titles, descriptions and sample props",
    description:
      "Titles, descriptions and sample data in `language` (the club's default when omitted); the samples carry the club's name, time zone and currency.",
    response: { schema: templateListShape },
  },
  async ({ query, services }) => ok(await listTemplates(services, query.language)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
