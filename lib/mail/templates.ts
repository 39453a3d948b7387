import { isTemplateName, TEMPLATE_NAMES, templates } from "@/emails/registry";
import type { RenderedEmail } from "@/lib/platform/email-renderer";
import { fail, type Result } from "@/lib/platform/result";
import type { ServiceContext } from "@/lib/services/context";
import { MailErrors } from "./errors";

export type TemplateSummary = {
  name: string;
  description: string;
  /** The props the preview renders with. */
  sampleProps: Readonly<Record<string, unknown>>;
  /** Whether the template carries a credential link, which the outbox viewer shows redacted. */
  hasSecrets: boolean;
};

export type TemplatePreview = RenderedEmail & { name: string };

/** Every template the renderer knows, for the staff preview page. */
export function listTemplates(): { items: TemplateSummary[] } {
  return {
    items: TEMPLATE_NAMES.map((name) => ({
      name,
      description: templates[name].description,
      sampleProps: templates[name].sample,
      hasSecrets: templates[name].hasSecrets,
    })),
  };
}

/** The template rendered with its sample props, through the same renderer (process or in-process) as real mail. */
export async function previewTemplate(
  { renderer }: Pick<ServiceContext, "renderer">,
  name: string,
): Promise<Result<TemplatePreview>> {
  if (!isTemplateName(name)) return fail(MailErrors.templateNotFound);
  const rendered = await renderer.render(name, { ...templates[name].sample });
  return rendered.ok ? { ok: true, value: { name, ...rendered.value } } : rendered;
}
