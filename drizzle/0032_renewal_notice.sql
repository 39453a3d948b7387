ALTER TABLE "subscriptions" ADD COLUMN "renewal_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_price" numeric(12, 2);