CREATE TABLE "article_votes" (
	"user_id" text NOT NULL,
	"article_id" text NOT NULL,
	"helpful" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_votes_user_id_article_id_pk" PRIMARY KEY("user_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mailbox" text NOT NULL,
	"issue_type" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"plan" text NOT NULL,
	"priority" boolean NOT NULL,
	"support_email_sent" boolean DEFAULT false NOT NULL,
	"confirmation_sent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_issue_type_check" CHECK ("support_requests"."issue_type" in ('technical', 'billing', 'feature', 'security', 'other'))
);
--> statement-breakpoint
ALTER TABLE "article_votes" ADD CONSTRAINT "article_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_votes_article_idx" ON "article_votes" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "support_requests_user_created_at_idx" ON "support_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_mailbox_created_at_idx" ON "support_requests" USING btree ("mailbox","created_at");