ALTER TABLE "holiday_lists" DROP CONSTRAINT "holiday_lists_name_key";--> statement-breakpoint
ALTER TABLE "shift_types" DROP CONSTRAINT "shift_types_name_key";--> statement-breakpoint
-- Names that now collide ignoring case keep the oldest as is; the others get their id appended, so no data is lost.
UPDATE "holiday_lists" SET "name" = "name" || ' (' || "id" || ')' WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS n FROM "holiday_lists") ranked WHERE n > 1
);--> statement-breakpoint
UPDATE "shift_types" SET "name" = "name" || ' (' || "id" || ')' WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS n FROM "shift_types") ranked WHERE n > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_lists_name_key" ON "holiday_lists" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "shift_types_name_key" ON "shift_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
-- Built-in roles get their permissions at setup; the built-in Admin of an earlier install lacks the two added since.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "roles"."id", granted.permission FROM "roles" CROSS JOIN (VALUES ('mail:write'), ('jobs:run')) AS granted(permission)
WHERE "roles"."name" = 'Admin' AND "roles"."is_built_in"
ON CONFLICT DO NOTHING;
