-- Issue 61: market history is shared data; guard it.
--
-- 1. The first day the exchange's F&O segment traded, as a dated fact with its source: no file of history can
--    hold an earlier day (a 1990 "bhavcopy" is an altered file, and would head every trader's replay list).
--    Read by history/history-span.ts, never a literal in a service. NSE's derivatives segment opened with index
--    futures on S&P CNX Nifty on 12 June 2000; index options followed on 4 June 2001 (NSE Factbook 2009,
--    "Futures & Options Segment", table "Products available for trading on Derivatives Segment"; the same dates
--    in NSE's NCFM derivatives module). The segment's start is the bound, so the older layout's first files
--    (futures only) are still accepted and simply hold no index option.
CREATE TABLE fo_segment_starts (
  exchange text PRIMARY KEY CHECK (exchange IN ('NSE', 'BSE')),
  first_day date NOT NULL,
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 500)
);
INSERT INTO fo_segment_starts (exchange, first_day, source) VALUES
  ('NSE', '2000-06-12', 'NSE Factbook 2009, Futures & Options Segment: derivatives trading at NSE commenced on 12 Jun 2000 with S&P CNX Nifty futures; Nifty options on 4 Jun 2001');

-- 2. Who imported which day (issue 61): one row per trader and (table, index, day) they imported, whether their
--    file's rows were stored or the day was already held. The rows of a day are one file's: its holder's, the
--    trader whose claim is oldest. Another trader's import of a held day is recorded here and changes nothing
--    stored; a delete removes the trader's own claim, and the day's rows only once nobody claims it. So one
--    trader's import never hides, changes or deletes what another imported (history/history-claims.ts).
CREATE TABLE history_day_claims (
  kind text NOT NULL CHECK (kind IN ('history_option_days', 'history_index_minutes', 'history_index_days')),
  index_name text NOT NULL,
  trade_date date NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The trader's latest import of the day (kept while it names a claim: history-store.ts forgetEmptyImports).
  import_id integer NOT NULL REFERENCES history_imports (id) ON DELETE CASCADE,
  claimed_at timestamptz NOT NULL,
  PRIMARY KEY (kind, index_name, trade_date, user_id)
);
CREATE INDEX history_day_claims_import_idx ON history_day_claims (import_id);

-- The days imported before: each claimed by the trader whose import holds its rows.
INSERT INTO history_day_claims (kind, index_name, trade_date, user_id, import_id, claimed_at)
SELECT 'history_option_days', o.index_name, o.trade_date, i.uploaded_by, i.id, i.imported_at
FROM (SELECT DISTINCT index_name, trade_date, import_id FROM history_option_days) o JOIN history_imports i ON i.id = o.import_id
WHERE i.uploaded_by IS NOT NULL
ON CONFLICT DO NOTHING;
INSERT INTO history_day_claims (kind, index_name, trade_date, user_id, import_id, claimed_at)
SELECT 'history_index_minutes', m.index_name, m.trade_date, i.uploaded_by, i.id, i.imported_at
FROM (SELECT DISTINCT index_name, trade_date, import_id FROM history_index_minutes) m JOIN history_imports i ON i.id = m.import_id
WHERE i.uploaded_by IS NOT NULL
ON CONFLICT DO NOTHING;
INSERT INTO history_day_claims (kind, index_name, trade_date, user_id, import_id, claimed_at)
SELECT 'history_index_days', d.index_name, d.trade_date, i.uploaded_by, i.id, i.imported_at
FROM (SELECT DISTINCT index_name, trade_date, import_id FROM history_index_days) d JOIN history_imports i ON i.id = d.import_id
WHERE i.uploaded_by IS NOT NULL
ON CONFLICT DO NOTHING;
