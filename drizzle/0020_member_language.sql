ALTER TABLE "members" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "welcomed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_language_known" CHECK ("members"."language" in ('en', 'es'));--> statement-breakpoint
-- Members who already have a subscription had their welcome (or joined before there was one): the rule that the first
-- subscription welcomes a member, once, starts with them counted as welcomed.
UPDATE "members" SET "welcomed_at" = (
  SELECT min("subscriptions"."started_at") FROM "subscriptions" WHERE "subscriptions"."member_id" = "members"."id"
) WHERE EXISTS (SELECT 1 FROM "subscriptions" WHERE "subscriptions"."member_id" = "members"."id");
