-- Versions of what instances cache in memory (docs/decisions/044): every row written in examples
-- or idioms bumps 'library' (or only 'speech' when an update of an example changed nothing but its
-- stored speech, as the speech queue's writes do), every row written in users bumps 'users', in the
-- same transaction (a statement that matches no row bumps nothing). A cached copy is current while
-- the numbers it was read at have not moved, whichever instance, import or tool made the change.
INSERT INTO "cache_versions" ("topic", "version") VALUES ('library', 0), ('speech', 0), ('users', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "che_bump_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "topic" = TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "che_bump_examples_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'tts_key' - 'tts_voice' - 'tts_kind')
      = (to_jsonb(NEW) - 'tts_key' - 'tts_voice' - 'tts_kind') THEN
    UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "topic" = 'speech';
  ELSE
    UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "topic" = 'library';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "examples_bump_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "examples"
  FOR EACH ROW EXECUTE FUNCTION "che_bump_examples_version"();
--> statement-breakpoint
CREATE TRIGGER "examples_truncate_bumps_cache_version" AFTER TRUNCATE ON "examples"
  FOR EACH STATEMENT EXECUTE FUNCTION "che_bump_cache_version"('library');
--> statement-breakpoint
CREATE TRIGGER "idioms_bump_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "idioms"
  FOR EACH ROW EXECUTE FUNCTION "che_bump_cache_version"('library');
--> statement-breakpoint
CREATE TRIGGER "idioms_truncate_bumps_cache_version" AFTER TRUNCATE ON "idioms"
  FOR EACH STATEMENT EXECUTE FUNCTION "che_bump_cache_version"('library');
--> statement-breakpoint
CREATE TRIGGER "users_bump_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "che_bump_cache_version"('users');
--> statement-breakpoint
CREATE TRIGGER "users_truncate_bumps_cache_version" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "che_bump_cache_version"('users');
