import { createElement, type ReactElement } from "react";
import type { z } from "zod";
import { type EMAIL_CATALOGUES, type EmailLanguage, type EmailText, emailText } from "./i18n";
import { redactUrl } from "./redact";

/** What every template's props carry (templates/fields.ts, letterFields): the club and how its reader reads. */
type Letter = { clubName: string; language: EmailLanguage; timeZone: string };
type PropsSchema = z.ZodType<Letter & Record<string, unknown>, Record<string, unknown>>;

/** A template's key in the catalogues, under which its title, description and every line of it live. */
type TemplateMessages = Exclude<keyof (typeof EMAIL_CATALOGUES)["en"], "layout" | "units" | "samples">;

/** What a template file declares: its props schema, subject line, component and preview props. */
export type TemplateDefinition<Schema extends PropsSchema> = {
  messages: TemplateMessages;
  schema: Schema;
  subject: (props: z.output<Schema>, text: EmailText) => string;
  Component: (props: z.output<Schema> & { text: EmailText }) => ReactElement;
  /** Realistic props for previews and tests, with names in the language of `text`. */
  sample: (text: EmailText) => z.input<Schema>;
  /**
   * URL props that carry a credential (a password-reset or verification token): marking one here is all a new
   * template needs. They are stored encrypted until the mail is sent and redacted after, and every stored or shown
   * copy of the message (outbox, mail viewer, the embedded SMTP sink's files) has their tokens replaced.
   */
  secretUrls?: readonly (keyof z.input<Schema> & string)[];
};

type ComposedEmail = { subject: string; element: ReactElement };

/** A template with its props type erased, so templates of different shapes fit one registry. */
export type EmailTemplate = {
  /** Its name and when the service sends it, in words for staff (the console's template list). */
  describe(language: EmailLanguage): { title: string; description: string };
  /** Realistic props in `language`, for previews and tests. */
  sample(language: EmailLanguage): Readonly<Record<string, unknown>>;
  /** Whether some props are credentials, which `redact` replaces. */
  readonly hasSecrets: boolean;
  /** The names of those props (`secretUrls`). */
  readonly secretProps: readonly string[];
  /** Validates `props`; on success, the subject line and the element to render, in the props' language. */
  compose(props: unknown): { success: true; email: ComposedEmail } | { success: false; error: z.ZodError };
  /** The props with every secret URL's query values (the tokens) replaced, still valid for the schema. */
  redact(props: Readonly<Record<string, unknown>>): Record<string, unknown>;
};

export function defineTemplate<Schema extends PropsSchema>(definition: TemplateDefinition<Schema>): EmailTemplate {
  const secretUrls: readonly string[] = definition.secretUrls ?? [];
  return {
    describe(language) {
      const { t } = emailText(language, "UTC");
      return { title: t(`${definition.messages}.title`), description: t(`${definition.messages}.description`) };
    },
    sample: (language) => ({ ...definition.sample(emailText(language, "UTC")), language }),
    hasSecrets: secretUrls.length > 0,
    secretProps: secretUrls,
    compose(props) {
      const parsed = definition.schema.safeParse(props);
      if (!parsed.success) return { success: false, error: parsed.error };
      const text = emailText(parsed.data.language, parsed.data.timeZone);
      return {
        success: true,
        email: {
          subject: definition.subject(parsed.data, text),
          element: createElement(definition.Component, { ...parsed.data, text }),
        },
      };
    },
    redact(props) {
      const redacted = { ...props };
      for (const name of secretUrls) {
        if (name in redacted) redacted[name] = redactUrl(redacted[name]);
      }
      return redacted;
    },
  };
}
