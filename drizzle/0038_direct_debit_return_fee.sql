CREATE TABLE "return_fees" (
	"remittance_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"fee_invoice_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_fees_pkey" PRIMARY KEY("remittance_id","invoice_id"),
	CONSTRAINT "return_fees_fee_invoice_key" UNIQUE("fee_invoice_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "not_subject_reason" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "return_fee_cents" bigint;--> statement-breakpoint
ALTER TABLE "return_fees" ADD CONSTRAINT "return_fees_fee_invoice_id_invoices_id_fk" FOREIGN KEY ("fee_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_fees" ADD CONSTRAINT "return_fees_remittance_item_fk" FOREIGN KEY ("remittance_id","invoice_id") REFERENCES "public"."remittance_items"("remittance_id","invoice_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_not_subject_untaxed" CHECK ("invoice_lines"."not_subject_reason" is null or ("invoice_lines"."exempt_reason" is null and "invoice_lines"."tax_rate_bp" = 0 and "invoice_lines"."tax_cents" = 0));--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_return_fee_positive" CHECK ("platform_settings"."return_fee_cents" > 0);