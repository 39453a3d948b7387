ALTER TABLE "employees" ADD COLUMN "starts_on" date DEFAULT current_date NOT NULL;--> statement-breakpoint
-- Existing employees started on the day they were added, on the club's calendar. The club's zone is not readable from
-- SQL here; Europe/Madrid is the spec's zone and CLUB_TIMEZONE's default.
UPDATE "employees" SET "starts_on" = ("created_at" AT TIME ZONE 'Europe/Madrid')::date;--> statement-breakpoint
ALTER TABLE "holiday_lists" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_lists_one_default" ON "holiday_lists" USING btree ("is_default") WHERE "holiday_lists"."is_default";
