ALTER TABLE "invoices" DROP CONSTRAINT "invoices_series_known";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_rectifying_references";--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "invoice_prefix" text DEFAULT 'F' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "rectifying_prefix" text DEFAULT 'R' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_series_format" CHECK ("invoices"."series" ~ '^[A-Z0-9][A-Z0-9/-]{0,9}$');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_rectifying_references" CHECK (("invoices"."kind" = 'rectifying') = ("invoices"."rectifies_invoice_id" is not null));--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_invoice_prefix" CHECK ("platform_settings"."invoice_prefix" ~ '^[A-Z0-9][A-Z0-9/-]{0,9}$');--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_rectifying_prefix" CHECK ("platform_settings"."rectifying_prefix" ~ '^[A-Z0-9][A-Z0-9/-]{0,9}$');--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_prefixes_differ" CHECK ("platform_settings"."invoice_prefix" <> "platform_settings"."rectifying_prefix");