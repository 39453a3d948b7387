ALTER TABLE "invoices" ADD COLUMN "credited_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_within_total" CHECK ("invoices"."credited_cents" between 0 and greatest("invoices"."total_cents", 0));--> statement-breakpoint
-- credited_cents is state, like paid_cents: issuing a rectifying invoice adds its credit to the original's (issue.ts). It is not part of
-- the chain's hash (lib/billing/chain.ts hashes content only). 0025's rule otherwise unchanged.
CREATE OR REPLACE FUNCTION "invoices_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'issued invoices cannot be deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_TABLE_NAME = 'invoice_lines' THEN
    RAISE EXCEPTION 'issued invoices cannot be changed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (to_jsonb(NEW) - ARRAY['status', 'paid_cents', 'credited_cents', 'status_changed_at', 'pdf_file_id'])
      IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['status', 'paid_cents', 'credited_cents', 'status_changed_at', 'pdf_file_id'])
    OR (OLD."pdf_file_id" IS NOT NULL AND NEW."pdf_file_id" IS DISTINCT FROM OLD."pdf_file_id") THEN
    RAISE EXCEPTION 'issued invoices cannot be changed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- Backfill: what the rectifying invoices issued so far credited (their totals are negative).
UPDATE "invoices" i SET "credited_cents" = credited.cents
FROM (
  SELECT "rectifies_invoice_id" AS invoice_id, -sum("total_cents") AS cents FROM "invoices"
  WHERE "kind" = 'rectifying' GROUP BY "rectifies_invoice_id"
) credited
WHERE credited.invoice_id = i."id";--> statement-breakpoint
-- An invoice that partial credits and payments together settled is paid (lib/billing/service.ts rectifyInvoice does
-- the same from now on); the dunning job's next run lifts a suspension it leaves without cause.
UPDATE "invoices" SET "status" = 'paid', "status_changed_at" = now()
WHERE "kind" = 'invoice' AND "status" IN ('open', 'partially_paid', 'overdue', 'returned')
  AND "credited_cents" > 0 AND "paid_cents" + "credited_cents" >= "total_cents";
