-- The one statement of which lot revision a contract is at on a day (migration 088's rule), for the TypeScript
-- reader (services/market/contract-lots.ts) and for queries that size history rows in SQL (a bhavcopy of the
-- older layout has no lot column: its volume in units is contracts × the revision's lot). The row in force on
-- `day` with the latest start, then the latest `expiring_after`, among those the expiry meets; before the first
-- such row (a clock set years back) the earliest; null for an index without rows.
CREATE FUNCTION lot_revision_of(index_name text, expiry date, day date) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT r.id FROM lot_revisions r
  WHERE r.index_name = lot_revision_of.index_name AND (r.expiring_after IS NULL OR lot_revision_of.expiry > r.expiring_after)
  ORDER BY (r.effective_from <= lot_revision_of.day) DESC,
    CASE WHEN r.effective_from <= lot_revision_of.day THEN r.effective_from END DESC, r.effective_from,
    r.expiring_after DESC NULLS LAST
  LIMIT 1
$$;
