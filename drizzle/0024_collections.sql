CREATE TYPE "public"."payment_kind" AS ENUM('payment', 'refund');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('cash', 'card', 'bank_transfer', 'direct_debit');--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" "payment_method" NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","created_at");
--> statement-breakpoint
CREATE TYPE "public"."debit_sequence" AS ENUM('FRST', 'RCUR');--> statement-breakpoint
CREATE TYPE "public"."remittance_item_status" AS ENUM('included', 'returned', 'collected');--> statement-breakpoint
CREATE TYPE "public"."remittance_status" AS ENUM('draft', 'sent');--> statement-breakpoint
CREATE TABLE "remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection_date" date NOT NULL,
	"status" "remittance_status" DEFAULT 'draft' NOT NULL,
	"message_id" text NOT NULL,
	"item_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" uuid,
	CONSTRAINT "remittances_sent_when" CHECK (("remittances"."status" = 'sent') = ("remittances"."sent_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "remittance_items" (
	"remittance_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"mandate_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"sequence" "debit_sequence" NOT NULL,
	"end_to_end_id" text NOT NULL,
	"status" "remittance_item_status" DEFAULT 'included' NOT NULL,
	"return_reason" text,
	"returned_at" timestamp with time zone,
	CONSTRAINT "remittance_items_pkey" PRIMARY KEY("remittance_id","invoice_id"),
	CONSTRAINT "remittance_items_amount_positive" CHECK ("remittance_items"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "collection_iban" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "collection_bic" text;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_items" ADD CONSTRAINT "remittance_items_remittance_id_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."remittances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_items" ADD CONSTRAINT "remittance_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_items" ADD CONSTRAINT "remittance_items_mandate_id_sepa_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sepa_mandates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remittances_message_id_key" ON "remittances" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "remittances_created_idx" ON "remittances" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remittance_items_invoice_once" ON "remittance_items" USING btree ("invoice_id") WHERE "remittance_items"."status" <> 'returned';--> statement-breakpoint
CREATE INDEX "remittance_items_end_to_end_idx" ON "remittance_items" USING btree ("end_to_end_id");
