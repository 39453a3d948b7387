-- Corrected VERI*FACTU records (subsanaciones): an invoice keeps one first record and may gain corrections, each
-- chained at the end with its RechazoPrevio (lib/billing/verifactu/corrections.ts).
DROP INDEX "verifactu_records_invoice_key";--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "correction" text;--> statement-breakpoint
CREATE INDEX "verifactu_records_invoice_idx" ON "verifactu_records" USING btree ("invoice_id","chain_position");--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_invoice_key" ON "verifactu_records" USING btree ("invoice_id") WHERE "verifactu_records"."correction" is null;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_correction_known" CHECK ("verifactu_records"."correction" in ('N', 'S', 'X'));