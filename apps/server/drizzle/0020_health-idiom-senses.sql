-- Each sense's own meaning phrases for an idiom of two senses or more (docs/decisions/067); [] on
-- every existing row (one sense: its phrases stay in meanings), so nothing an idiom had changes.
ALTER TABLE "idioms" ADD COLUMN "senses" jsonb DEFAULT '[]'::jsonb NOT NULL;
