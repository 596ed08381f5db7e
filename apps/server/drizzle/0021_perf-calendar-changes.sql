-- What changed in a learner's records since an instance read them (docs/decisions/069). Every
-- progress row carries the id of the transaction that last wrote it (`changed_in`, set by the
-- row trigger below whoever writes: the app, an import, a tool): a later read asks only for the
-- rows whose writer its earlier snapshot did not see (pg_visible_in_snapshot), so a calendar kept
-- by an instance is brought up to date with the one card an answer changed. Rows that leave a
-- learner (deleted, or moved to another user) leave no row to find: their transaction is noted in
-- progress_deletions per learner (the nil uuid for TRUNCATE: everyone), and a learner with a
-- deletion the earlier snapshot did not see is read whole. Existing rows get '1', a transaction
-- every snapshot sees (a constant: no rewrite of the table); a new row its inserting transaction.
-- The trigger's function runs only for a writer that did not stamp the row itself (its WHEN
-- clause): the group commit's write sets `changed_in` in its own UPDATE, so the learning loop
-- pays a comparison per row, not a PL/pgSQL call. Not in schema.ts: only the calendar's
-- statements and the group commit's write name these.
ALTER TABLE "progress" ADD COLUMN "changed_in" xid8 DEFAULT '1' NOT NULL;
--> statement-breakpoint
ALTER TABLE "progress" ALTER COLUMN "changed_in" SET DEFAULT pg_current_xact_id();
--> statement-breakpoint
CREATE TABLE "progress_deletions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"deleted_in" xid8 NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "che_progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."changed_in" := pg_current_xact_id();
  IF TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id" THEN
    INSERT INTO "progress_deletions" ("user_id", "deleted_in") VALUES (OLD."user_id", pg_current_xact_id())
      ON CONFLICT ("user_id") DO UPDATE SET "deleted_in" = excluded."deleted_in";
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "che_progress_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO "progress_deletions" ("user_id", "deleted_in")
      VALUES ('00000000-0000-0000-0000-000000000000', pg_current_xact_id())
      ON CONFLICT ("user_id") DO UPDATE SET "deleted_in" = excluded."deleted_in";
  ELSE
    -- In user order: two transactions never wait on each other's rows in a cycle here.
    INSERT INTO "progress_deletions" ("user_id", "deleted_in")
      SELECT DISTINCT "user_id", pg_current_xact_id() FROM "che_deleted_rows" ORDER BY "user_id"
      ON CONFLICT ("user_id") DO UPDATE SET "deleted_in" = excluded."deleted_in";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "progress_insert_stamps_changed_in" BEFORE INSERT ON "progress"
  FOR EACH ROW WHEN (NEW."changed_in" IS DISTINCT FROM pg_current_xact_id())
  EXECUTE FUNCTION "che_progress_changed"();
--> statement-breakpoint
CREATE TRIGGER "progress_update_stamps_changed_in" BEFORE UPDATE ON "progress"
  FOR EACH ROW WHEN (NEW."changed_in" IS DISTINCT FROM pg_current_xact_id()
    OR NEW."user_id" IS DISTINCT FROM OLD."user_id")
  EXECUTE FUNCTION "che_progress_changed"();
--> statement-breakpoint
CREATE TRIGGER "progress_notes_deletions" AFTER DELETE ON "progress"
  REFERENCING OLD TABLE AS "che_deleted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "che_progress_deleted"();
--> statement-breakpoint
CREATE TRIGGER "progress_truncate_notes_deletions" AFTER TRUNCATE ON "progress"
  FOR EACH STATEMENT EXECUTE FUNCTION "che_progress_deleted"();
