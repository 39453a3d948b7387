import { isTemplateName, TEMPLATE_NAMES, type TemplateName, templates } from "@/emails/registry";
import type { RenderedEmail } from "@/lib/platform/email-renderer";
import { fail, type Result } from "@/lib/platform/result";
import type { ServiceContext } from "@/lib/services/context";
import { MailErrors } from "./errors";
import { clubLetter, type Letter, type MailLanguage } from "./recipient-language";

export type TemplateSummary = {
  name: string;
  /** The template's name in words ("Welcome"), in the language asked for. */
  title: string;
  /** When the service sends it, in the language asked for. */
  description: string;
  /** The props the preview renders with: sample data in that language, with the club's name and time zone. */
  sampleProps: Readonly<Record<string, unknown>>;
  /** Whether the template carries a credential link, which the outbox viewer shows redacted. */
  hasSecrets: boolean;
};

export type TemplatePreview = RenderedEmail & { name: string };

type PreviewDeps = Pick<ServiceContext, "db" | "config">;

/** The template's sample in the letter's language, as this club would send it: its name, time zone and currency. */
function clubSample(name: TemplateName, { currency, ...letter }: Letter & { currency: string }) {
  const sample = templates[name].sample(letter.language);
  return { ...sample, ...letter, ...("currency" in sample ? { currency } : {}) };
}

/** A preview has no recipient: it is written in the language asked for, else the club's default. */
const previewLetter = ({ db, config }: PreviewDeps, language: MailLanguage | undefined) =>
  clubLetter(db, config, language);

/** Every template the renderer knows, for the staff preview page, described in `language` (the club's by default). */
export async function listTemplates(
  deps: PreviewDeps,
  language: MailLanguage | undefined,
): Promise<{ items: TemplateSummary[] }> {
  const letter = await previewLetter(deps, language);
  return {
    items: TEMPLATE_NAMES.map((name) => ({
      name,
      ...templates[name].describe(letter.language),
      sampleProps: clubSample(name, letter),
      hasSecrets: templates[name].hasSecrets,
    })),
  };
}

/** The template rendered with the club's sample, through the same renderer (process or in-process) as real mail. */
export async function previewTemplate(
  deps: PreviewDeps & Pick<ServiceContext, "renderer">,
  name: string,
  language: MailLanguage | undefined,
): Promise<Result<TemplatePreview>> {
  if (!isTemplateName(name)) return fail(MailErrors.templateNotFound);
  const letter = await previewLetter(deps, language);
  const rendered = await deps.renderer.render(name, clubSample(name, letter));
  return rendered.ok ? { ok: true, value: { name, ...rendered.value } } : rendered;
}
