ALTER TYPE "public"."one_time_token_purpose" ADD VALUE 'change_email';--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "new_email" text;