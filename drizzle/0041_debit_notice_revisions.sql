-- A debit notice replaced by another when the amount owed rises above it or the mandate changes: one notice per
-- revision of a presentation (lib/billing/collections/debit-notices.ts).
DROP INDEX "debit_notices_presentation_once";--> statement-breakpoint
ALTER TABLE "debit_notices" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "debit_notices_revision_once" ON "debit_notices" USING btree ("invoice_id","presentation","revision");