import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { templateListShape } from "@/lib/mail/shapes";
import { listTemplates } from "@/lib/mail/templates";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Every email template with its description and sample props. */
export const GET = route(
  {
    access: "mail:read",
    summary: "The email templates, with descriptions and sample props",
    response: { schema: templateListShape },
  },
  async () => ok(listTemplates()),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
