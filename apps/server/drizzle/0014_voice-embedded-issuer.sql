-- Users of the embedded identity provider are stored under the issuer 'embedded' instead of
-- $PUBLIC_URL/oidc, so a PORT or PUBLIC_URL change (or the users CLI run with other ones) finds
-- the same person (decision 016). Where one embedded account has several rows (one per URL it
-- was seen under), the row with the highest role is kept for it (then the oldest); the others
-- keep their old issuer and are no longer reached.
WITH embedded AS (
  SELECT u.id,
         row_number() OVER (
           PARTITION BY u.subject
           ORDER BY CASE u.role WHEN 'admin' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END, u.created_at, u.id
         ) AS pick
  FROM users u
  JOIN idp_accounts a ON a.id::text = u.subject
  WHERE u.issuer LIKE '%/oidc'
    AND NOT EXISTS (SELECT 1 FROM users e WHERE e.issuer = 'embedded' AND e.subject = u.subject)
)
UPDATE users SET issuer = 'embedded'
WHERE id IN (SELECT id FROM embedded WHERE pick = 1);
