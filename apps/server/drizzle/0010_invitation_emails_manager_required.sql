ALTER TABLE "family_invitation_emails" DROP CONSTRAINT "family_invitation_emails_family_id_families_id_fk";
--> statement-breakpoint
DROP INDEX "family_invitation_emails_family_sent_at_idx";--> statement-breakpoint
ALTER TABLE "family_invitation_emails" ALTER COLUMN "manager_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "family_invitation_emails" DROP COLUMN "family_id";