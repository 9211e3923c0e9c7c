CREATE TABLE "family_invitation_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "refunded_subscription_id" text;--> statement-breakpoint
ALTER TABLE "family_invitation_emails" ADD CONSTRAINT "family_invitation_emails_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_invitation_emails_family_sent_at_idx" ON "family_invitation_emails" USING btree ("family_id","sent_at");