import { z } from "zod";
import { instant, type JsonOf, nameSchemas, pageOf, type SameShape } from "@/lib/platform/http/shapes";
import type { MailListItem, MailMessage } from "./admin";
import { MAIL_STATUSES } from "./schemas";
import type { TemplatePreview, TemplateSummary } from "./templates";

/** How the API answers the outbox and the templates, for the API reference; `npx tsc` fails when they drift from the code. */
export const mailListItemShape = z.object({
  id: z.string().meta({ format: "uuid" }),
  to: z.string(),
  template: z.string().meta({ examples: ["welcome"] }),
  subject: z
    .string()
    .nullable()
    .meta({ description: "Known once rendered for sending: null while pending or failed." }),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: instant().nullable().meta({ description: "When the next attempt is due; null unless pending." }),
  sentAt: instant().nullable(),
  createdAt: instant(),
});

export const mailPageShape = pageOf(mailListItemShape);

export const mailMessageShape = mailListItemShape.extend({
  messageId: z.string().nullable(),
  attachments: z
    .array(z.object({ fileName: z.string().meta({ examples: ["F2026-000123.pdf"] }), contentType: z.string() }))
    .meta({
      description: "Files sent with the mail (an invoice's PDF), read from the club's storage when it is sent.",
    }),
  html: z.string().nullable(),
  htmlSource: z.enum(["stored", "rendered", "redacted"]).nullable().meta({
    description:
      "stored: as sent; rendered: rendered now (not sent yet); redacted: rendered now with credential links replaced; null: the renderer refused the props.",
  }),
  renderError: z.string().nullable(),
});

export const templateListShape = z.object({
  items: z.array(
    z
      .object({
        name: z.string(),
        title: z.string().meta({ description: "The template's name in words, in the language asked for." }),
        description: z.string(),
        sampleProps: z.record(z.string(), z.unknown()).meta({
          description: "What the preview renders: sample data in the language asked for, with the club's name.",
        }),
        hasSecrets: z.boolean(),
      })
      .meta({ id: "MailTemplate" }),
  ),
});

export const templatePreviewShape = z.object({
  name: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});

const exact: [
  SameShape<z.output<typeof mailListItemShape>, JsonOf<MailListItem>>,
  SameShape<z.output<typeof mailMessageShape>, JsonOf<MailMessage>>,
  SameShape<z.output<typeof templateListShape>["items"][number], JsonOf<TemplateSummary>>,
  SameShape<z.output<typeof templatePreviewShape>, TemplatePreview>,
] = [true, true, true, true];
void exact;

// The names these schemas go by in the OpenAPI document.
nameSchemas([
  [mailListItemShape, "MailListItem"],
  [mailMessageShape, "MailMessage"],
  [templateListShape, "MailTemplateList"],
  [templatePreviewShape, "MailTemplatePreview"],
]);
