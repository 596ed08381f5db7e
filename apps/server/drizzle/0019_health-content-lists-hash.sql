-- Whose meanings and literals an idiom carries (docs/decisions/065): the fingerprint of the library's
-- lists as the content import last wrote them, 'edited' once an admin changed them, null on admins'
-- own idioms and on library rows the next import settles (by the lists every release shipped).
ALTER TABLE "idioms" ADD COLUMN "content_lists_hash" text;