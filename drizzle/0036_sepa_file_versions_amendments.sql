ALTER TABLE "remittance_items" ADD COLUMN "debtor_iban" text;--> statement-breakpoint
ALTER TABLE "remittance_items" ADD COLUMN "debtor_bic" text;--> statement-breakpoint
-- The debits built before: the account their mandate has now, which is the one their files were written with.
UPDATE "remittance_items" SET "debtor_iban" = m."iban", "debtor_bic" = m."bic" FROM "sepa_mandates" m WHERE m."id" = "remittance_items"."mandate_id";--> statement-breakpoint
ALTER TABLE "remittance_items" ALTER COLUMN "debtor_iban" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "remittance_items" ADD COLUMN "original_iban" text;--> statement-breakpoint
ALTER TABLE "remittance_items" ADD COLUMN "original_bic" text;--> statement-breakpoint
ALTER TABLE "remittances" ADD COLUMN "file_version" text DEFAULT 'pain.008.001.02' NOT NULL;--> statement-breakpoint
ALTER TABLE "remittances" ADD COLUMN "batch_booking" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD COLUMN "original_iban" text;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD COLUMN "original_bic" text;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD COLUMN "amended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "direct_debit_file_version" text DEFAULT 'pain.008.001.02' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "batch_booking" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_file_version" CHECK ("remittances"."file_version" in ('pain.008.001.02', 'pain.008.001.08'));--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_amended_when" CHECK (("sepa_mandates"."original_iban" is null) = ("sepa_mandates"."amended_at" is null));--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_direct_debit_file_version" CHECK ("platform_settings"."direct_debit_file_version" in ('pain.008.001.02', 'pain.008.001.08'));