-- Member statuses follow the member's subscriptions (docs/api.md, "Member statuses"): a member who never subscribed
-- is inactive, not active.
ALTER TABLE "members" ALTER COLUMN "status" SET DEFAULT 'inactive';
--> statement-breakpoint
-- The status a member's subscriptions give at `at`, for a member staff have not suspended: active while an active term
-- has not ended (the term in force, or one that starts where it ends, or a term created after `at` while a job ran);
-- else the way their last term ended: canceled before its end → inactive, ran out → expired; never subscribed →
-- inactive. A term past its end counts as ended even before the expiry job marks it expired. The one definition the
-- services, the subscription jobs and the recompute below share.
CREATE FUNCTION member_standing(member uuid, at timestamptz) RETURNS member_status
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN EXISTS (
      SELECT 1 FROM subscriptions s
      WHERE s.member_id = member AND s.status = 'active' AND s.ends_at > at
    ) THEN 'active'::member_status
    ELSE coalesce((
      SELECT CASE WHEN s.canceled_at < s.ends_at THEN 'inactive' ELSE 'expired' END::member_status
      FROM subscriptions s
      WHERE s.member_id = member
      -- The term that ended last: at its cancellation when canceled early, else at its end.
      ORDER BY least(s.ends_at, coalesce(s.canceled_at, s.ends_at)) DESC, s.canceled_at IS NULL
      LIMIT 1
    ), 'inactive'::member_status)
  END
$$;
--> statement-breakpoint
-- Recomputes every live member whom staff have not suspended, in one statement, and audits each change as the
-- subscription jobs audit theirs (no actor).
WITH changed AS (
  UPDATE members m SET status = member_standing(m.id, now()), updated_at = now(), version = m.version + 1
  FROM members previous
  WHERE previous.id = m.id AND m.deleted_at IS NULL AND m.status <> 'suspended'
    AND m.status <> member_standing(m.id, now())
  RETURNING m.id, previous.status AS previous_status, m.status AS new_status
)
INSERT INTO audit_outbox (action, severity, entity, entity_id, data)
SELECT 'members.status_changed', 'Info', 'member', c.id::text,
  jsonb_build_object('from', c.previous_status, 'to', c.new_status, 'reason', 'Recomputed from subscriptions')
FROM changed c;
