ALTER TABLE "employees" ADD COLUMN "starts_on" date DEFAULT current_date NOT NULL;--> statement-breakpoint
-- Existing employees started on the day they were added, on the club's calendar: its stored zone (migration 0016),
-- else Europe/Madrid, the spec's zone and CLUB_TIMEZONE's default.
UPDATE "employees" SET "starts_on" = ("created_at" AT TIME ZONE coalesce((SELECT "time_zone" FROM "platform_settings" LIMIT 1), 'Europe/Madrid'))::date;--> statement-breakpoint
ALTER TABLE "holiday_lists" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_lists_one_default" ON "holiday_lists" USING btree ("is_default") WHERE "holiday_lists"."is_default";
