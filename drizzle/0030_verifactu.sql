CREATE TABLE "verifactu_records" (
	"chain_position" bigint PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"issuer_tax_id" text NOT NULL,
	"number" text NOT NULL,
	"issue_date" text NOT NULL,
	"invoice_type" text NOT NULL,
	"tax_total" text NOT NULL,
	"total" text NOT NULL,
	"generated_at" text NOT NULL,
	"previous_huella" text,
	"huella" text NOT NULL,
	"xml" text NOT NULL,
	"qr_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifactu_records_type_known" CHECK ("verifactu_records"."invoice_type" in ('F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5')),
	CONSTRAINT "verifactu_records_huella_format" CHECK ("verifactu_records"."huella" ~ '^[0-9A-F]{64}$')
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "installation_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_invoice_key" ON "verifactu_records" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "verifactu_records_issuer_idx" ON "verifactu_records" USING btree ("issuer_tax_id","chain_position");--> statement-breakpoint
-- A registro de facturación is kept as generated: never changed, never removed (RD 1007/2023, Reglamento art. 8.2 a: integrity and
-- inalterability of the records). Corrections are new records.
CREATE FUNCTION "verifactu_records_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'VERI*FACTU records cannot be changed or deleted' USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "verifactu_records_refuse_change" BEFORE UPDATE OR DELETE ON "verifactu_records"
  FOR EACH ROW EXECUTE FUNCTION "verifactu_records_refuse_change"();
