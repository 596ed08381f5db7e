ALTER TABLE "bug_reports" ADD COLUMN "from_visitor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bug_reports" ADD COLUMN "contact_email" text;