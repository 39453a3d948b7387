import { createElement, type ReactElement } from "react";
import type { z } from "zod";
import { redactUrl } from "./redact";

type PropsSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** What a template file declares: its props schema, subject line, component and preview props. */
export type TemplateDefinition<Schema extends PropsSchema> = {
  /** When the service sends it, in a sentence for staff (the console's template list). */
  description: string;
  schema: Schema;
  subject: (props: z.output<Schema>) => string;
  Component: (props: z.output<Schema>) => ReactElement;
  /** Realistic props for previews and tests. */
  sample: z.input<Schema>;
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
  readonly description: string;
  readonly sample: Readonly<Record<string, unknown>>;
  /** Whether some props are credentials, which `redact` replaces. */
  readonly hasSecrets: boolean;
  /** The names of those props (`secretUrls`). */
  readonly secretProps: readonly string[];
  /** Validates `props`; on success, the subject line and the element to render. */
  compose(props: unknown): { success: true; email: ComposedEmail } | { success: false; error: z.ZodError };
  /** The props with every secret URL's query values (the tokens) replaced, still valid for the schema. */
  redact(props: Readonly<Record<string, unknown>>): Record<string, unknown>;
};

export function defineTemplate<Schema extends PropsSchema>(definition: TemplateDefinition<Schema>): EmailTemplate {
  const secretUrls: readonly string[] = definition.secretUrls ?? [];
  return {
    description: definition.description,
    sample: definition.sample,
    hasSecrets: secretUrls.length > 0,
    secretProps: secretUrls,
    compose(props) {
      const parsed = definition.schema.safeParse(props);
      if (!parsed.success) return { success: false, error: parsed.error };
      return {
        success: true,
        email: { subject: definition.subject(parsed.data), element: createElement(definition.Component, parsed.data) },
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
