CREATE TABLE "attempts" (
	"user_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempts_user_id_attempt_id_pk" PRIMARY KEY("user_id","attempt_id")
);
--> statement-breakpoint
CREATE TABLE "progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"example_id" uuid NOT NULL,
	"idiom_id" uuid NOT NULL,
	"card" jsonb NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"missed_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_sandbox" boolean DEFAULT false NOT NULL,
	"sandbox" text DEFAULT 'candle' NOT NULL,
	"last_evaluation" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_user_example_key" UNIQUE("user_id","example_id")
);
--> statement-breakpoint
ALTER TABLE "examples" ADD COLUMN "tts_key" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress" ADD CONSTRAINT "progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress" ADD CONSTRAINT "progress_example_id_examples_id_fk" FOREIGN KEY ("example_id") REFERENCES "public"."examples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "progress_user_due_idx" ON "progress" USING btree ("user_id","due_at");--> statement-breakpoint
CREATE INDEX "progress_user_created_idx" ON "progress" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "progress_example_idx" ON "progress" USING btree ("example_id");