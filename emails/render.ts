import { render, toPlainText } from "@react-email/render";
import type { z } from "zod";
import { businessError, fail, ok, type Result } from "@/lib/platform/result";
import type { RenderedEmail } from "./protocol";
import { isTemplateName, templates } from "./registry";

export type { RenderedEmail } from "./protocol";

export const EmailErrors = {
  unknownTemplate: (name: string) =>
    businessError("Email.UnknownTemplate", "invalid", `Unknown email template "${name}".`),
  invalidProps: (name: string, error: z.ZodError) =>
    businessError(
      "Email.InvalidProps",
      "invalid",
      `Invalid props for email template "${name}": ${error.issues
        .map((issue) => `${issue.path.join(".") || "(props)"}: ${issue.message}`)
        .join("; ")}`,
    ),
};

/** Validates `props` against the template's schema, then renders the subject, HTML and plain-text bodies. */
export async function renderEmail(template: string, props: unknown): Promise<Result<RenderedEmail>> {
  if (!isTemplateName(template)) return fail(EmailErrors.unknownTemplate(template));
  const composed = templates[template].compose(props);
  if (!composed.success) return fail(EmailErrors.invalidProps(template, composed.error));
  const html = await render(composed.email.element);
  // Derived from the HTML rather than rendered twice; the preview line and images are skipped.
  return ok({ subject: composed.email.subject, html, text: toPlainText(html) });
}
