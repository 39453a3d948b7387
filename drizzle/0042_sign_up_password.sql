ALTER TABLE "one_time_tokens" ADD COLUMN "password_hash" text;--> statement-breakpoint
-- Sign-ups waiting for their link keep the applicant's password on the link from now on, applied when it is followed.
UPDATE "one_time_tokens" AS t SET "password_hash" = u."password_hash"
  FROM "users" AS u
  WHERE t."user_id" = u."id" AND t."purpose" = 'verify_email' AND t."used_at" IS NULL
    AND u."email_verified_at" IS NULL AND u."invited_at" IS NULL;
