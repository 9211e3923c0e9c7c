CREATE TABLE "device_scans" (
	"user_id" text NOT NULL,
	"id" text NOT NULL,
	"threat_level" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_scans_user_id_id_pk" PRIMARY KEY("user_id","id"),
	CONSTRAINT "device_scans_threat_level_check" CHECK (threat_level in ('safe', 'suspicious', 'phishing'))
);
--> statement-breakpoint
ALTER TABLE "device_scans" ADD CONSTRAINT "device_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_scans_user_scanned_at_idx" ON "device_scans" USING btree ("user_id","scanned_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_scans_scanned_at_idx" ON "device_scans" USING btree ("scanned_at");