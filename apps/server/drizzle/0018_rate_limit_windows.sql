CREATE TABLE "rate_limit_windows" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_expire_idx" ON "rate_limit_windows" USING btree ("expire");