ALTER TABLE "idioms" ADD COLUMN "meanings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "idioms" ADD COLUMN "literals" jsonb DEFAULT '[]'::jsonb NOT NULL;