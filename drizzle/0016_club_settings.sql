ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("users"."language" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_language" CHECK ("platform_settings"."language" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_currency" CHECK ("platform_settings"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
-- Built-in roles get their permissions at setup; the built-in Admin of an earlier install lacks settings:read, added now.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "roles"."id", 'settings:read' FROM "roles" WHERE "roles"."name" = 'Admin' AND "roles"."is_built_in"
ON CONFLICT DO NOTHING;
