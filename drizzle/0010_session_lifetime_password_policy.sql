ALTER TABLE "password_policy" ALTER COLUMN "require_uppercase" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "password_policy" ALTER COLUMN "require_lowercase" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "password_policy" ALTER COLUMN "require_digit" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "session_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- hand-written
-- Existing refresh tokens: their sign-in began when the family's first token was issued (rotation kept the family).
UPDATE "refresh_tokens" SET "session_started_at" = started."at"
FROM (SELECT "family_id", min("created_at") AS "at" FROM "refresh_tokens" GROUP BY "family_id") started
WHERE "refresh_tokens"."family_id" = started."family_id";--> statement-breakpoint
-- A policy still holding the composition rules setup used to store (no API changes them) follows the new defaults;
-- one an operator changed by hand is left alone.
UPDATE "password_policy" SET "require_uppercase" = false, "require_lowercase" = false, "require_digit" = false, "updated_at" = now()
WHERE "require_uppercase" AND "require_lowercase" AND "require_digit" AND NOT "require_symbol";
