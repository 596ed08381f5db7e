CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"facts" jsonb NOT NULL,
	"insights" jsonb NOT NULL,
	"strategy_tips" jsonb NOT NULL,
	"engine" text NOT NULL,
	"review_count_at_generation" integer NOT NULL,
	CONSTRAINT "reports_user_review_count_key" UNIQUE("user_id","review_count_at_generation"),
	CONSTRAINT "reports_engine_check" CHECK ("reports"."engine" in ('local', 'llm'))
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_user_generated_idx" ON "reports" USING btree ("user_id","generated_at");