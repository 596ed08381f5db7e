ALTER TABLE "examples" ADD COLUMN "tts_voice" text;--> statement-breakpoint
ALTER TABLE "examples" ADD COLUMN "tts_kind" text;