CREATE TYPE "public"."invoice_kind" AS ENUM('invoice', 'rectifying');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('open', 'paid', 'partially_paid', 'overdue', 'pending_collection', 'returned', 'written_off', 'cancelled');--> statement-breakpoint
CREATE TABLE "invoice_chain_head" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"position" bigint NOT NULL,
	"last_hash" text,
	CONSTRAINT "invoice_chain_head_singleton" CHECK ("invoice_chain_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"year" smallint NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_pkey" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"description" text NOT NULL,
	"plan_id" uuid,
	"service_from" date NOT NULL,
	"service_to" date NOT NULL,
	"base_cents" bigint NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"tax_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"exempt_reason" text,
	CONSTRAINT "invoice_lines_pkey" PRIMARY KEY("invoice_id","position"),
	CONSTRAINT "invoice_lines_totals_add_up" CHECK ("invoice_lines"."base_cents" + "invoice_lines"."tax_cents" = "invoice_lines"."total_cents"),
	CONSTRAINT "invoice_lines_rate_range" CHECK ("invoice_lines"."tax_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series" text NOT NULL,
	"year" smallint NOT NULL,
	"number" integer NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"rectifies_invoice_id" uuid,
	"rectification_reason" text,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"member_id" uuid NOT NULL,
	"subscription_id" uuid,
	"language" text NOT NULL,
	"currency" char(3) NOT NULL,
	"issuer" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"base_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"chain_position" bigint NOT NULL,
	"previous_hash" text,
	"record_hash" text NOT NULL,
	"status" "invoice_status" DEFAULT 'open' NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_chain_position_key" UNIQUE("chain_position"),
	CONSTRAINT "invoices_number_key" UNIQUE("series","year","number"),
	CONSTRAINT "invoices_series_known" CHECK ("invoices"."series" in ('F', 'R')),
	CONSTRAINT "invoices_number_positive" CHECK ("invoices"."number" > 0),
	CONSTRAINT "invoices_totals_add_up" CHECK ("invoices"."base_cents" + "invoices"."tax_cents" = "invoices"."total_cents"),
	CONSTRAINT "invoices_rectifying_references" CHECK (("invoices"."kind" = 'rectifying') = ("invoices"."rectifies_invoice_id" is not null and "invoices"."series" = 'R'))
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "address_line" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "province" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "exempt_reason" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "address_line" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "province" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "country" text DEFAULT 'ES' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "default_tax_rate_bp" integer DEFAULT 2100 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_rectifies_invoice_id_invoices_id_fk" FOREIGN KEY ("rectifies_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "invoices_member_idx" ON "invoices" USING btree ("member_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoices_issued_on_idx" ON "invoices" USING btree ("issued_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_subscription_key" ON "invoices" USING btree ("subscription_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_rectifies_idx" ON "invoices" USING btree ("rectifies_invoice_id") WHERE "invoices"."rectifies_invoice_id" is not null;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_tax_rate_range" CHECK ("plans"."tax_rate_bp" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_exemption_consistent" CHECK (("plans"."exempt_reason" is not null) = coalesce("plans"."tax_rate_bp" = 0, false));--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_country" CHECK ("platform_settings"."country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_tax_rate_range" CHECK ("platform_settings"."default_tax_rate_bp" between 0 and 10000);--> statement-breakpoint
-- Issued invoices are immutable (Real Decreto 1619/2012; docs/billing.md): only their state (status, paid_cents,
-- status_changed_at) may change, no row of invoices or invoice_lines is deleted. Corrections are rectifying invoices.
CREATE FUNCTION "invoices_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'issued invoices cannot be deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_TABLE_NAME = 'invoice_lines'
    OR (to_jsonb(NEW) - ARRAY['status', 'paid_cents', 'status_changed_at'])
      IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['status', 'paid_cents', 'status_changed_at']) THEN
    RAISE EXCEPTION 'issued invoices cannot be changed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_immutable" BEFORE UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "invoices_refuse_change"();--> statement-breakpoint
-- The built-in Admin of an existing install gets the billing permissions (new installs get them at setup).
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "roles"."id", "permission"
FROM "roles", unnest(ARRAY['billing:read', 'billing:write', 'billing:refund', 'billing:remittances']) AS "permission"
WHERE "roles"."name" = 'Admin' AND "roles"."is_built_in"
ON CONFLICT DO NOTHING;
