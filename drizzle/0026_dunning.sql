CREATE TABLE "dunning_suspensions" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"suspended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "dunning_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "dunning_reminder_days" integer[] DEFAULT '{1,4,11}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "dunning_grace_days" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "dunning_suspensions" ADD CONSTRAINT "dunning_suspensions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_suspensions" ADD CONSTRAINT "dunning_suspensions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_dunning_grace" CHECK ("platform_settings"."dunning_grace_days" between 1 and 365);--> statement-breakpoint
-- A dunning suspension ends however the member stops being suspended (paid, or lifted by staff): its record goes with
-- it, so a later suspension by staff is never taken for one for non-payment and lifted by a payment.
CREATE OR REPLACE FUNCTION "dunning_suspension_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "dunning_suspensions" WHERE "member_id" = NEW."id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_dunning_suspension_ended" AFTER UPDATE OF "status" ON "members"
  FOR EACH ROW WHEN (OLD."status" = 'suspended' AND NEW."status" <> 'suspended')
  EXECUTE FUNCTION "dunning_suspension_ended"();
