CREATE TABLE "history_sizes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "history_sizes" ADD CONSTRAINT "history_sizes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One statement's rows of the history, added to or taken off their users' sizes (an update, a
-- guest's history moving to their new account, is both). Users in order, so that concurrent
-- statements wait for each other instead of deadlocking.
CREATE FUNCTION history_sizes_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      UPDATE history_sizes h SET messages = h.messages - gone.n
      FROM (SELECT user_id, count(*)::int AS n FROM old_rows GROUP BY 1 ORDER BY 1) gone
      WHERE h.user_id = gone.user_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO history_sizes AS h (user_id, messages)
      SELECT user_id, count(*)::int FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET messages = h.messages + EXCLUDED.messages;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER messages_history_sizes_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION history_sizes_follow();
--> statement-breakpoint
CREATE TRIGGER messages_history_sizes_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION history_sizes_follow();
--> statement-breakpoint
CREATE TRIGGER messages_history_sizes_update AFTER UPDATE ON messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION history_sizes_follow();
--> statement-breakpoint
-- The histories already stored.
INSERT INTO history_sizes (user_id, messages) SELECT user_id, count(*)::int FROM messages GROUP BY 1;
