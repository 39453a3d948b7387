ALTER TYPE "public"."payment_method" ADD VALUE 'credit';--> statement-breakpoint
DROP INDEX "invoices_subscription_key";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_subscription_key" ON "invoices" USING btree ("subscription_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."status" <> 'cancelled';