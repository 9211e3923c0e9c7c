-- IF NOT EXISTS: commit 18933a2 made this table at first use, before it had a migration
CREATE TABLE IF NOT EXISTS "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
