-- Move every progress record's history (a jsonb array, oldest first) into the review log, one
-- row per entry in array order, and count them on the record. Entries written by the app have
-- every field; the fallbacks only keep an odd hand-made entry instead of failing the migration
-- (its date falls back to the record's last update, its rating to the grades, as reports do).
INSERT INTO "review_log" ("progress_id", "user_id", "reviewed_at", "rating", "state", "elapsed_days", "scheduled_days", "stability", "difficulty", "evaluation")
SELECT
	p."id",
	p."user_id",
	COALESCE((e.entry->>'date')::timestamptz, p."updated_at"),
	COALESCE(
		e.entry->>'rating',
		CASE
			WHEN 'major' IN (e.entry->'evaluation'->>'transcriptionAccuracy', e.entry->'evaluation'->>'translationAccuracy') THEN 'again'
			WHEN 'minor' IN (e.entry->'evaluation'->>'transcriptionAccuracy', e.entry->'evaluation'->>'translationAccuracy') THEN 'hard'
			ELSE 'good'
		END
	),
	COALESCE(e.entry->>'state', 'review'),
	COALESCE((e.entry->>'elapsedDays')::integer, 0),
	COALESCE((e.entry->>'scheduledDays')::integer, 0),
	COALESCE((e.entry->>'stability')::double precision, 0),
	COALESCE((e.entry->>'difficulty')::double precision, 0),
	COALESCE(e.entry->'evaluation', '{}'::jsonb)
FROM "progress" p
CROSS JOIN LATERAL jsonb_array_elements(p."history") WITH ORDINALITY AS e(entry, n)
WHERE jsonb_typeof(p."history") = 'array'
ORDER BY p."id", e.n;
--> statement-breakpoint
UPDATE "progress" p SET
	"review_count" = c.n,
	"perfect_count" = c.perfect
FROM (
	SELECT "progress_id", count(*)::integer AS n,
		(count(*) FILTER (WHERE "evaluation"->>'transcriptionAccuracy' = 'perfect' AND "evaluation"->>'translationAccuracy' = 'perfect'))::integer AS perfect
	FROM "review_log" GROUP BY "progress_id"
) c
WHERE c."progress_id" = p."id";
