CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phishing_alerts" boolean NOT NULL,
	"security_updates" boolean NOT NULL,
	"suspicious_content" boolean NOT NULL,
	"tips_and_education" boolean NOT NULL,
	"push" boolean NOT NULL,
	"email" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"sensitivity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_sensitivity_check" CHECK ("notification_preferences"."sensitivity" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_check" CHECK ("users"."kind" = 'guest' or ("users"."email" is not null and "users"."password_hash" is not null));