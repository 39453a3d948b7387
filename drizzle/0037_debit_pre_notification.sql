CREATE TABLE "debit_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"mandate_id" uuid NOT NULL,
	"presentation" integer NOT NULL,
	"collection_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_id" uuid NOT NULL,
	CONSTRAINT "debit_notices_amount_positive" CHECK ("debit_notices"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "pre_notification_days" smallint DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "debit_notices" ADD CONSTRAINT "debit_notices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_notices" ADD CONSTRAINT "debit_notices_mandate_id_sepa_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sepa_mandates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_notices" ADD CONSTRAINT "debit_notices_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "debit_notices_presentation_once" ON "debit_notices" USING btree ("invoice_id","presentation");--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_pre_notification_days" CHECK ("platform_settings"."pre_notification_days" between 1 and 30);