CREATE TYPE "public"."sepa_mandate_status" AS ENUM('active', 'revoked');--> statement-breakpoint
CREATE TYPE "public"."sepa_sequence" AS ENUM('first', 'recurring');--> statement-breakpoint
CREATE SEQUENCE "public"."sepa_mandate_reference_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"reference" text DEFAULT ('MNDT-' || lpad(nextval('sepa_mandate_reference_numbers')::text, 8, '0')) NOT NULL,
	"signed_on" date NOT NULL,
	"sequence" "sepa_sequence" DEFAULT 'first' NOT NULL,
	"status" "sepa_mandate_status" DEFAULT 'active' NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sepa_mandates_iban_normalised" CHECK ("sepa_mandates"."iban" ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$'),
	CONSTRAINT "sepa_mandates_bic_normalised" CHECK ("sepa_mandates"."bic" ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$'),
	CONSTRAINT "sepa_mandates_reference_length" CHECK (char_length("sepa_mandates"."reference") between 1 and 35),
	CONSTRAINT "sepa_mandates_revoked_when" CHECK (("sepa_mandates"."status" = 'revoked') = ("sepa_mandates"."revoked_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "creditor_identifier" text;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_reference_key" ON "sepa_mandates" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_one_active" ON "sepa_mandates" USING btree ("member_id") WHERE "sepa_mandates"."status" = 'active';--> statement-breakpoint
CREATE INDEX "sepa_mandates_member_idx" ON "sepa_mandates" USING btree ("member_id","created_at");--> statement-breakpoint
-- Built-in roles get their permissions at setup; the built-in Admin of an earlier install gets the billing ones a
-- mandate needs. billing-core's 0021 adds the same keys (with refund and remittances); ON CONFLICT keeps either order.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "roles"."id", granted.permission FROM "roles" CROSS JOIN (VALUES ('billing:read'), ('billing:write')) AS granted(permission)
WHERE "roles"."name" = 'Admin' AND "roles"."is_built_in"
ON CONFLICT DO NOTHING;
