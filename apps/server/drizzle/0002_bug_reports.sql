CREATE TABLE "bug_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"example_id" text,
	"user_agent" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"github_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "bug_reports_status_check" CHECK ("bug_reports"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "bug_reports" ADD CONSTRAINT "bug_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bug_reports_status_created_idx" ON "bug_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "bug_reports_reporter_created_idx" ON "bug_reports" USING btree ("reporter_id","created_at");