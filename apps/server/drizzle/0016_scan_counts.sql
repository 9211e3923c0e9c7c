CREATE TABLE "scan_counts" (
	"user_id" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"safe" integer DEFAULT 0 NOT NULL,
	"suspicious" integer DEFAULT 0 NOT NULL,
	"phishing" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scan_counts_user_id_bucket_pk" PRIMARY KEY("user_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "scan_counts" ADD CONSTRAINT "scan_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The quarter hour a scan counts in (UTC-aligned; every time zone's offset is a whole number of them).
CREATE FUNCTION scan_counts_bucket(at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00') $$;
--> statement-breakpoint
-- Adds scans (parallel arrays: whose, when, which verdict) to the counts, or takes them off
-- (`sign` -1; a row whose counts all reach 0 goes). Taking off only updates: a count row is never
-- made for a user being deleted. Keys in order, so that two statements changing the same rows
-- wait for each other instead of deadlocking.
CREATE FUNCTION scan_counts_change(p_users text[], p_ats timestamptz[], p_levels text[], sign integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF sign > 0 THEN
      INSERT INTO scan_counts AS c (user_id, bucket, safe, suspicious, phishing)
      SELECT u, scan_counts_bucket(a), count(*) FILTER (WHERE l = 'safe'), count(*) FILTER (WHERE l = 'suspicious'), count(*) FILTER (WHERE l = 'phishing')
      FROM unnest(p_users, p_ats, p_levels) AS g(u, a, l)
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (user_id, bucket) DO UPDATE
        SET safe = c.safe + EXCLUDED.safe, suspicious = c.suspicious + EXCLUDED.suspicious, phishing = c.phishing + EXCLUDED.phishing;
      RETURN;
    END IF;
    UPDATE scan_counts c
      SET safe = c.safe - gone.safe, suspicious = c.suspicious - gone.suspicious, phishing = c.phishing - gone.phishing
    FROM (
      SELECT u, scan_counts_bucket(a) AS b, count(*) FILTER (WHERE l = 'safe') AS safe, count(*) FILTER (WHERE l = 'suspicious') AS suspicious, count(*) FILTER (WHERE l = 'phishing') AS phishing
      FROM unnest(p_users, p_ats, p_levels) AS g(u, a, l)
      GROUP BY 1, 2 ORDER BY 1, 2
    ) gone
    WHERE c.user_id = gone.u AND c.bucket = gone.b;
    DELETE FROM scan_counts c USING (SELECT DISTINCT u, scan_counts_bucket(a) AS b FROM unnest(p_users, p_ats) AS g(u, a)) gone
    WHERE c.user_id = gone.u AND c.bucket = gone.b AND c.safe <= 0 AND c.suspicious <= 0 AND c.phishing <= 0;
  END
  $$;
--> statement-breakpoint
-- One statement's rows of the history (messages.scan_date) or of the devices' verdicts
-- (device_scans.scanned_at): TG_ARGV[0] names the time column. An update counts as the old rows
-- gone and the new ones added (a guest's history moving to their new account).
CREATE FUNCTION scan_counts_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    users text[];
    ats timestamptz[];
    levels text[];
  BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      EXECUTE format('SELECT array_agg(user_id), array_agg(%I), array_agg(threat_level) FROM old_rows', TG_ARGV[0]) INTO users, ats, levels;
      IF users IS NOT NULL THEN PERFORM scan_counts_change(users, ats, levels, -1); END IF;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      EXECUTE format('SELECT array_agg(user_id), array_agg(%I), array_agg(threat_level) FROM new_rows', TG_ARGV[0]) INTO users, ats, levels;
      IF users IS NOT NULL THEN PERFORM scan_counts_change(users, ats, levels, 1); END IF;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER messages_scan_counts_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_counts_follow('scan_date');
--> statement-breakpoint
CREATE TRIGGER messages_scan_counts_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_counts_follow('scan_date');
--> statement-breakpoint
CREATE TRIGGER messages_scan_counts_update AFTER UPDATE ON messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_counts_follow('scan_date');
--> statement-breakpoint
CREATE TRIGGER device_scans_scan_counts_insert AFTER INSERT ON device_scans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_counts_follow('scanned_at');
--> statement-breakpoint
CREATE TRIGGER device_scans_scan_counts_delete AFTER DELETE ON device_scans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_counts_follow('scanned_at');
--> statement-breakpoint
CREATE TRIGGER device_scans_scan_counts_update AFTER UPDATE ON device_scans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_counts_follow('scanned_at');
--> statement-breakpoint
-- The scans already stored.
INSERT INTO scan_counts (user_id, bucket, safe, suspicious, phishing)
SELECT user_id, scan_counts_bucket(at),
       count(*) FILTER (WHERE threat_level = 'safe'),
       count(*) FILTER (WHERE threat_level = 'suspicious'),
       count(*) FILTER (WHERE threat_level = 'phishing')
FROM (
  SELECT user_id, scan_date AS at, threat_level FROM messages
  UNION ALL
  SELECT user_id, scanned_at, threat_level FROM device_scans
) t
GROUP BY 1, 2;
