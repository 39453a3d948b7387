import { createElement, type ReactElement } from "react";
import type { z } from "zod";

type PropsSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** What a template file declares: its props schema, subject line, component and preview props. */
export type TemplateDefinition<Schema extends PropsSchema> = {
  schema: Schema;
  subject: (props: z.output<Schema>) => string;
  Component: (props: z.output<Schema>) => ReactElement;
  /** Realistic props for previews and tests. */
  sample: z.input<Schema>;
};

export type ComposedEmail = { subject: string; element: ReactElement };

/** A template with its props type erased, so templates of different shapes fit one registry. */
export type EmailTemplate = {
  readonly sample: Readonly<Record<string, unknown>>;
  /** Validates `props`; on success, the subject line and the element to render. */
  compose(props: unknown): { success: true; email: ComposedEmail } | { success: false; error: z.ZodError };
};

export function defineTemplate<Schema extends PropsSchema>(
  definition: TemplateDefinition<Schema>,
): EmailTemplate {
  return {
    sample: definition.sample,
    compose(props) {
      const parsed = definition.schema.safeParse(props);
      if (!parsed.success) return { success: false, error: parsed.error };
      return {
        success: true,
        email: { subject: definition.subject(parsed.data), element: createElement(definition.Component, parsed.data) },
      };
    },
  };
}
