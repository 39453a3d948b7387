CREATE TABLE "member_counts" (
	"status" "member_status" PRIMARY KEY NOT NULL,
	"live" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "members_status_idx";--> statement-breakpoint
DROP INDEX "members_name_idx";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name" || ' ' || "email" || coalesce(' ' || "phone" || ' ' || translate("phone", '+-() ', ''), ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "members_last_name_idx" ON "members" USING btree (lower("last_name"),lower("first_name"),"id","last_name","first_name") WHERE "members"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "members_first_name_idx" ON "members" USING btree (lower("first_name"),lower("last_name"),"id") WHERE "members"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "members_status_name_idx" ON "members" USING btree ("status",lower("last_name"),lower("first_name"),"id") WHERE "members"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "members_joined_on_idx" ON "members" USING btree ("joined_on","id") WHERE "members"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "members_created_at_idx" ON "members" USING btree ("created_at","id") WHERE "members"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "members_search_idx" ON "members" USING gin ("search_text" gin_trgm_ops) WHERE "members"."deleted_at" is null;