ALTER TABLE "invoices" ADD COLUMN "pdf_file_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_without_pdf_idx" ON "invoices" USING btree ("chain_position") WHERE "invoices"."pdf_file_id" is null;--> statement-breakpoint
-- An invoice's PDF is state, not content: pdf_file_id may be set once (null → a file) by the deliver-invoices job;
-- changing or clearing it, like any other content change, is still refused (0021's rule otherwise unchanged).
CREATE OR REPLACE FUNCTION "invoices_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'issued invoices cannot be deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_TABLE_NAME = 'invoice_lines' THEN
    RAISE EXCEPTION 'issued invoices cannot be changed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (to_jsonb(NEW) - ARRAY['status', 'paid_cents', 'status_changed_at', 'pdf_file_id'])
      IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['status', 'paid_cents', 'status_changed_at', 'pdf_file_id'])
    OR (OLD."pdf_file_id" IS NOT NULL AND NEW."pdf_file_id" IS DISTINCT FROM OLD."pdf_file_id") THEN
    RAISE EXCEPTION 'issued invoices cannot be changed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
