CREATE TYPE "public"."verifactu_submission_status" AS ENUM('pending', 'accepted', 'accepted_with_errors', 'rejected');--> statement-breakpoint
CREATE TABLE "verifactu_flow" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"next_submission_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verifactu_flow_singleton" CHECK ("verifactu_flow"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "verifactu_submissions" (
	"chain_position" bigint PRIMARY KEY NOT NULL,
	"status" "verifactu_submission_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error_code" integer,
	"error" text,
	"csv" text,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "verifactu" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "verifactu_submissions" ADD CONSTRAINT "verifactu_submissions_chain_position_verifactu_records_chain_position_fk" FOREIGN KEY ("chain_position") REFERENCES "public"."verifactu_records"("chain_position") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifactu_submissions_due_idx" ON "verifactu_submissions" USING btree ("next_attempt_at") WHERE "verifactu_submissions"."status" = 'pending';--> statement-breakpoint
-- Records generated before this migration are still to be sent.
INSERT INTO "verifactu_submissions" ("chain_position") SELECT "chain_position" FROM "verifactu_records";
