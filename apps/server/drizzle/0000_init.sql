CREATE TABLE "blocked_senders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"sender" text NOT NULL,
	"sender_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"sender" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"threat_level" text NOT NULL,
	"score" real NOT NULL,
	"threat_details" jsonb NOT NULL,
	"scan_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" in ('text', 'url')),
	CONSTRAINT "messages_source_check" CHECK (source in ('sms', 'email', 'social', 'manual')),
	CONSTRAINT "messages_threat_level_check" CHECK (threat_level in ('safe', 'suspicious', 'phishing'))
);
--> statement-breakpoint
CREATE TABLE "protection_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"sms_protection" boolean NOT NULL,
	"email_protection" boolean NOT NULL,
	"social_media_protection" boolean NOT NULL,
	"on_device_scanning" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"message_id" text,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"sender" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"threat_level" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_kind_check" CHECK ("reports"."kind" in ('report', 'false_positive')),
	CONSTRAINT "reports_source_check" CHECK (source in ('sms', 'email', 'social', 'manual')),
	CONSTRAINT "reports_threat_level_check" CHECK (threat_level is null or threat_level in ('safe', 'suspicious', 'phishing'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'guest' NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_kind_check" CHECK ("users"."kind" in ('guest', 'account'))
);
--> statement-breakpoint
ALTER TABLE "blocked_senders" ADD CONSTRAINT "blocked_senders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_settings" ADD CONSTRAINT "protection_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_senders_user_sender_key" ON "blocked_senders" USING btree ("user_id","sender_key");--> statement-breakpoint
CREATE INDEX "messages_user_scan_date_idx" ON "messages" USING btree ("user_id","scan_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_user_level_scan_date_idx" ON "messages" USING btree ("user_id","threat_level","scan_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_user_created_at_idx" ON "reports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_message_id_idx" ON "reports" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));