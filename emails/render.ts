import { render, toPlainText } from "@react-email/render";
import type { z } from "zod";
import type { RenderedEmail } from "./protocol";
import { isTemplateName, templates } from "./registry";

/**
 * emails/ stands alone (the renderer process runs it without the app), so it has its own result: a refusal is shaped
 * like the app's business errors, which the app's renderers hand on as they are.
 */
type RenderRefusal = { readonly code: string; readonly kind: "invalid"; readonly message: string };
export type RenderOutcome =
  | { readonly ok: true; readonly value: RenderedEmail }
  | { readonly ok: false; readonly error: RenderRefusal };

const refusal = (code: string, message: string): RenderRefusal => Object.freeze({ code, kind: "invalid", message });

const EmailErrors = {
  unknownTemplate: (name: string) => refusal("Email.UnknownTemplate", `Unknown email template "${name}".`),
  invalidProps: (name: string, error: z.ZodError) =>
    refusal(
      "Email.InvalidProps",
      `Invalid props for email template "${name}": ${error.issues
        .map((issue) => `${issue.path.join(".") || "(props)"}: ${issue.message}`)
        .join("; ")}`,
    ),
};

/** Validates `props` against the template's schema, then renders the subject, HTML and plain-text bodies. */
export async function renderEmail(template: string, props: unknown): Promise<RenderOutcome> {
  if (!isTemplateName(template)) return { ok: false, error: EmailErrors.unknownTemplate(template) };
  const composed = templates[template].compose(props);
  if (!composed.success) return { ok: false, error: EmailErrors.invalidProps(template, composed.error) };
  const html = await render(composed.email.element);
  // Derived from the HTML rather than rendered twice; the preview line and images are skipped.
  return { ok: true, value: { subject: composed.email.subject, html, text: toPlainText(html) } };
}
