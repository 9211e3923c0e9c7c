CREATE TABLE "scan_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"key" text,
	"request_hash" text
);
--> statement-breakpoint
ALTER TABLE "scan_usage" ADD CONSTRAINT "scan_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_usage_user_scanned_at_idx" ON "scan_usage" USING btree ("user_id","scanned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_usage_user_key" ON "scan_usage" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "scan_usage_scanned_at_idx" ON "scan_usage" USING btree ("scanned_at");--> statement-breakpoint
CREATE INDEX "messages_scan_date_idx" ON "messages" USING btree ("scan_date","id");