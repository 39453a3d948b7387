-- At most one active subscription per member at any instant. A renewal starts exactly at the current term's end,
-- so [start, end) ranges touch without overlapping and both may be active until the old term expires.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_one_active_term"
  EXCLUDE USING gist ("member_id" WITH =, tstzrange("started_at", "ends_at") WITH &&) WHERE ("status" = 'active');
