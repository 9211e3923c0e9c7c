CREATE TABLE "sign_in_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"at" bigint NOT NULL,
	"until" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_throttle_expires_idx" ON "sign_in_throttle" USING btree ("expires_at");