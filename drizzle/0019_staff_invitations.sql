ALTER TYPE "public"."one_time_token_purpose" ADD VALUE 'accept_invitation';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;