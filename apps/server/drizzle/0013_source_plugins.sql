CREATE TABLE "plugin_connections" (
	"user_id" text NOT NULL,
	"plugin_id" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text,
	"route_key" text,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"problem" text,
	"connected_at" timestamp with time zone,
	"scanned_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_connections_user_id_plugin_id_pk" PRIMARY KEY("user_id","plugin_id"),
	CONSTRAINT "plugin_connections_plugin_id_check" CHECK ("plugin_connections"."plugin_id" in ('sms', 'email', 'slack', 'social-media'))
);
--> statement-breakpoint
CREATE TABLE "plugin_events" (
	"plugin_id" text NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_events_plugin_id_event_id_pk" PRIMARY KEY("plugin_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "plugin_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plugin_id" text NOT NULL,
	"external_id" text NOT NULL,
	"content" text NOT NULL,
	"raw" text,
	"sender" jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"note" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" text,
	"threat_level" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_at" timestamp with time zone,
	CONSTRAINT "plugin_messages_status_check" CHECK ("plugin_messages"."status" in ('waiting', 'scanned', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_source_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_source_check";--> statement-breakpoint
ALTER TABLE "plugin_connections" ADD CONSTRAINT "plugin_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_messages" ADD CONSTRAINT "plugin_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_messages" ADD CONSTRAINT "plugin_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_connections_route_key_idx" ON "plugin_connections" USING btree ("plugin_id","route_key");--> statement-breakpoint
CREATE INDEX "plugin_events_created_at_idx" ON "plugin_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_messages_external_id_idx" ON "plugin_messages" USING btree ("user_id","plugin_id","external_id");--> statement-breakpoint
CREATE INDEX "plugin_messages_user_plugin_received_idx" ON "plugin_messages" USING btree ("user_id","plugin_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plugin_messages_waiting_idx" ON "plugin_messages" USING btree ("next_attempt_at") WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX "plugin_messages_message_idx" ON "plugin_messages" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_source_check" CHECK (source in ('sms', 'email', 'social', 'slack', 'manual'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_source_check" CHECK (source in ('sms', 'email', 'social', 'slack', 'manual'));