CREATE TABLE "threat_feed_entries" (
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "threat_feed_entries_source_kind_key_pk" PRIMARY KEY("source","kind","key"),
	CONSTRAINT "threat_feed_entries_kind_check" CHECK ("threat_feed_entries"."kind" in ('host', 'url'))
);
--> statement-breakpoint
CREATE TABLE "threat_feed_sources" (
	"name" text PRIMARY KEY NOT NULL,
	"location" text NOT NULL,
	"format" text NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"imported_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "threat_feed_entries" ADD CONSTRAINT "threat_feed_entries_source_threat_feed_sources_name_fk" FOREIGN KEY ("source") REFERENCES "public"."threat_feed_sources"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "threat_feed_entries_kind_key_idx" ON "threat_feed_entries" USING btree ("kind","key");