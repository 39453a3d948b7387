-- member_counts holds the number of live (not soft-deleted) members per status. Statement-level triggers apply the
-- net change of each INSERT, UPDATE or DELETE on members in one upsert, however many rows it touched, in status
-- order (so two writers take the counter rows' locks in the same order); a statement that changes no live count,
-- such as a name edit, touches no counter row and takes no lock.
CREATE FUNCTION member_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_counts AS c (status, live)
    SELECT status, count(*) FROM new_rows WHERE deleted_at IS NULL GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET live = c.live + excluded.live;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO member_counts AS c (status, live)
    SELECT status, -count(*) FROM old_rows WHERE deleted_at IS NULL GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET live = c.live + excluded.live;
  ELSE
    INSERT INTO member_counts AS c (status, live)
    SELECT status, sum(delta) FROM (
      SELECT status, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT status, -1 AS delta FROM old_rows WHERE deleted_at IS NULL
    ) AS changes
    GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
    ON CONFLICT (status) DO UPDATE SET live = c.live + excluded.live;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM member_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER members_count_inserts AFTER INSERT ON members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply();
--> statement-breakpoint
CREATE TRIGGER members_count_updates AFTER UPDATE ON members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply();
--> statement-breakpoint
CREATE TRIGGER members_count_deletes AFTER DELETE ON members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply();
--> statement-breakpoint
CREATE TRIGGER members_count_truncates AFTER TRUNCATE ON members
  FOR EACH STATEMENT EXECUTE FUNCTION member_counts_reset();
--> statement-breakpoint
INSERT INTO member_counts (status, live)
SELECT status, count(*) FROM members WHERE deleted_at IS NULL GROUP BY status;
