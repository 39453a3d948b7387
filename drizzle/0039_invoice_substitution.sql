-- Substitution invoices (F3): a full invoice in place of a paid simplified one (lib/billing/substitution.ts).
ALTER TYPE "public"."invoice_kind" ADD VALUE 'substitution';--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "substitutes_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_substitutes_invoice_id_invoices_id_fk" FOREIGN KEY ("substitutes_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_substitutes_key" ON "invoices" USING btree ("substitutes_invoice_id") WHERE "invoices"."substitutes_invoice_id" is not null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_substitution_references" CHECK (("invoices"."kind"::text = 'substitution') = ("invoices"."substitutes_invoice_id" is not null));