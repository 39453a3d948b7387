ALTER TABLE "mail_outbox" ADD COLUMN "sealed_props" text;--> statement-breakpoint
-- hand-written
-- Mail queued before this version kept its credential links in plain text, in props and in the bodies of sent mail.
-- Sent and failed mail (never sent again unless retried; a reset link lives 30 minutes, a verification link a day)
-- gets every query value and the fragment of those links replaced as emails/redact.ts does, and loses its stored
-- bodies: the outbox view renders them from the redacted props. Pending mail is sent as it is, then redacted.
UPDATE "mail_outbox" SET
  "props" = jsonb_set("props", ARRAY[link.name], to_jsonb(regexp_replace(regexp_replace("props" ->> link.name, '#.*$', '#redacted'), '([?&][^=&#]*)=[^&#]*', '\1=redacted', 'g'))),
  "html" = NULL,
  "text_body" = NULL
FROM (VALUES ('password-reset', 'resetUrl'), ('email-verification', 'verifyUrl')) AS link(template, name)
WHERE "mail_outbox"."template" = link.template AND "mail_outbox"."status" <> 'pending' AND jsonb_typeof("mail_outbox"."props" -> link.name) = 'string';
