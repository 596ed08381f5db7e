CREATE TABLE "assignments" (
	"idiom_id" uuid PRIMARY KEY NOT NULL,
	"editor_id" uuid NOT NULL,
	"sync" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'assigned' NOT NULL,
	"transcription" text DEFAULT '' NOT NULL,
	"conjugated_snippet" text DEFAULT '' NOT NULL,
	"audio_key" text,
	"published_audio_key" text,
	"recorded_by" uuid,
	"example_id" uuid,
	"assigned_at" timestamp with time zone NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	CONSTRAINT "assignments_state_check" CHECK ("assignments"."state" in ('assigned', 'fulfilled', 'published')),
	CONSTRAINT "assignments_sync_check" CHECK ("assignments"."sync" >= 1)
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_idiom_id_idioms_id_fk" FOREIGN KEY ("idiom_id") REFERENCES "public"."idioms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_example_id_examples_id_fk" FOREIGN KEY ("example_id") REFERENCES "public"."examples"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_editor_idx" ON "assignments" USING btree ("editor_id");