ALTER TABLE "platform_settings" ADD COLUMN "collection_day" smallint;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "represent_after_days" smallint DEFAULT 0;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_collection_day" CHECK ("platform_settings"."collection_day" between 1 and 28);--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_represent_after" CHECK ("platform_settings"."represent_after_days" between 0 and 60);