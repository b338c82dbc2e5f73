-- Issue 63: the market recorder keeps the minutes of the stocks traders watch (their chain open, a position, a bot;
-- market-recorder.ts watchedStocks), not only the four indices'. A stock's spot minutes go where an index's do
-- (history_index_minutes), its options' where an index option's do (history_option_minutes, then a row per
-- contract-day in history_recorded_option_days), so the premium and IV charts and the replay read a stock's
-- recorded day as they read an index's. index_name names an underlying (underlyings, migration 110), as
-- history_option_days' and history_future_days' do since migration 124 (no foreign key, for the same reason:
-- a check per row on tables of millions; the recorder and the imports write only listed underlyings).
ALTER TABLE history_index_minutes DROP CONSTRAINT history_index_minutes_index_name_check;
ALTER TABLE history_index_minutes ADD CONSTRAINT history_index_minutes_underlying_check CHECK (index_name ~ '^[A-Z0-9][A-Z0-9&_-]{0,19}$');
ALTER TABLE history_option_minutes DROP CONSTRAINT history_option_minutes_index_name_check;
ALTER TABLE history_option_minutes ADD CONSTRAINT history_option_minutes_underlying_check CHECK (index_name ~ '^[A-Z0-9][A-Z0-9&_-]{0,19}$');
ALTER TABLE history_recorded_option_days DROP CONSTRAINT history_recorded_option_days_index_name_check;
ALTER TABLE history_recorded_option_days ADD CONSTRAINT history_recorded_option_days_underlying_check CHECK (index_name ~ '^[A-Z0-9][A-Z0-9&_-]{0,19}$');

-- A future's recorded minutes (a watched stock's near, next and far months): three rows a minute a stock, so a day
-- stays a row a minute (no compaction). Pruned with the recorded days (MARKET_RECORDING_DAYS).
CREATE TABLE history_future_minutes (
  index_name text NOT NULL CHECK (index_name ~ '^[A-Z0-9][A-Z0-9&_-]{0,19}$'),
  trade_date date NOT NULL,
  expiry date NOT NULL CHECK (expiry >= trade_date),
  minute timestamptz NOT NULL,
  open_paise bigint NOT NULL CHECK (open_paise > 0),
  high_paise bigint NOT NULL CHECK (high_paise >= greatest(open_paise, close_paise, low_paise)),
  low_paise bigint NOT NULL CHECK (low_paise > 0 AND low_paise <= least(open_paise, close_paise)),
  close_paise bigint NOT NULL CHECK (close_paise > 0),
  -- The day's volume at the minute's end and the open interest, in units (shares), as the feed gives them.
  volume bigint NOT NULL CHECK (volume >= 0),
  open_interest bigint NOT NULL CHECK (open_interest >= 0),
  source text NOT NULL CHECK (source IN ('recorded', 'simulated')),
  import_id integer NOT NULL,
  PRIMARY KEY (index_name, trade_date, expiry, minute)
);
CREATE INDEX history_future_minutes_import_idx ON history_future_minutes (import_id);

CREATE TRIGGER history_future_minutes_import_inserted AFTER INSERT ON history_future_minutes
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();
CREATE TRIGGER history_future_minutes_import_updated AFTER UPDATE ON history_future_minutes
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();

-- Deleting an import deletes its rows, now futures' minutes too.
CREATE OR REPLACE FUNCTION history_imports_delete_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM history_option_days WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_future_days WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_future_minutes WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_index_minutes WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_index_days WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_option_minutes WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_option_minute_fetches WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_recorded_option_days WHERE import_id IN (SELECT id FROM removed);
  RETURN NULL;
END $$;
