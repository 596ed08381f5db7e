CREATE TABLE "examples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idiom_id" uuid NOT NULL,
	"text" text NOT NULL,
	"conjugated_snippet" text NOT NULL,
	"translation" text DEFAULT '' NOT NULL,
	"alternatives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"literal" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"voice" text DEFAULT '' NOT NULL,
	"audio_key" text,
	"content_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idioms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"translation" text NOT NULL,
	"tone" text DEFAULT 'Casual' NOT NULL,
	"usage" integer DEFAULT 8 NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"normalized_text" text NOT NULL,
	"content_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idioms_normalized_text_key" UNIQUE("normalized_text"),
	CONSTRAINT "idioms_content_key_key" UNIQUE("content_key"),
	CONSTRAINT "idioms_usage_check" CHECK ("idioms"."usage" between 1 and 10),
	CONSTRAINT "idioms_tone_check" CHECK (tone in ('Casual', 'Neutral', 'Street', 'Esoteric', 'Official'))
);
--> statement-breakpoint
ALTER TABLE "examples" ADD CONSTRAINT "examples_idiom_id_idioms_id_fk" FOREIGN KEY ("idiom_id") REFERENCES "public"."idioms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "examples_idiom_content_key_idx" ON "examples" USING btree ("idiom_id","content_key");