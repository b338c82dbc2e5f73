-- The market the server streams, recorded minute by minute into market history (issue 39): each index's
-- minute and every option of the watched expiries (server/services/history/market-recorder.ts). A live
-- account's feed is recorded as real ('recorded'), the simulator's days as 'simulated' (never reported as real).
ALTER TABLE history_imports DROP CONSTRAINT history_imports_kind_check;
ALTER TABLE history_imports ADD CONSTRAINT history_imports_kind_check
  CHECK (kind IN ('bhavcopy_udiff', 'bhavcopy_legacy', 'index_minutes', 'index_closes', 'option_minutes', 'recorded'));

-- What an option's minute ends on, for a recorded minute (null where the source does not give it: a
-- broker's historical candles have none). IV in basis points of a percent-per-year (14.25 % is 1425):
-- smallint keeps the day being recorded small; a finished day moves to history_recorded_option_days below.
ALTER TABLE history_option_minutes
  ADD COLUMN iv_bp smallint CHECK (iv_bp >= 0),
  ADD COLUMN bid_paise integer CHECK (bid_paise >= 0),
  ADD COLUMN ask_paise integer CHECK (ask_paise >= 0);

-- An index's minute now says where it comes from, like an option's: a file imported, a live feed recorded
-- (both real), or the simulator recorded. Rows before this migration were all imported.
ALTER TABLE history_index_minutes
  ADD COLUMN source text NOT NULL DEFAULT 'imported' CHECK (source IN ('imported', 'recorded', 'simulated'));

-- A recorded day is written minute by minute into history_option_minutes (one row a contract-minute: each
-- minute written once whatever crashes, by whichever instance has it first), then, once the IST day is over,
-- moved here, one row a contract-day (market-recorder.ts compacts it). The row-a-minute layout takes 79 MB for a
-- NIFTY day of the weekly and monthly chains (1004 contracts); arrays of the day's minutes, TOASTed and
-- compressed by PostgreSQL, take a fraction (docs/benchmarks.md, "A recorded day"). Read with the minute rows
-- by the same reader (backtests/option-minute-prices.ts). Element i of every array is the minute minutes[i].
CREATE TABLE history_recorded_option_days (
  index_name text NOT NULL CHECK (index_name IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY')),
  trade_date date NOT NULL,
  expiry date NOT NULL CHECK (expiry >= trade_date),
  strike_paise integer NOT NULL CHECK (strike_paise > 0),
  option_type text NOT NULL CHECK (option_type IN ('CE', 'PE')),
  -- A live feed recorded (real) or the simulator (never read as real). A contract-day whose feed came up
  -- mid-day has both: the real minutes replaced the simulated ones they met.
  source text NOT NULL CHECK (source IN ('recorded', 'simulated')),
  -- Each minute's start as minutes after midnight IST (09:15 is 555), ascending.
  minutes smallint[] NOT NULL,
  open_paise integer[] NOT NULL,
  high_paise integer[] NOT NULL,
  low_paise integer[] NOT NULL,
  close_paise integer[] NOT NULL,
  -- Units traded in the minute and open interest at its end (integer: a NIFTY strike's OI is far below 2^31 units).
  volume integer[] NOT NULL,
  open_interest integer[] NOT NULL,
  -- IV in basis points of a percent (null elements where it could not be solved), bid and ask at the minute's end.
  iv_bp smallint[] NOT NULL,
  bid_paise integer[] NOT NULL,
  ask_paise integer[] NOT NULL,
  import_id integer NOT NULL,
  CHECK (cardinality(minutes) = cardinality(close_paise)),
  PRIMARY KEY (index_name, trade_date, expiry, strike_paise, option_type, source)
);
CREATE INDEX history_recorded_option_days_import_idx ON history_recorded_option_days (import_id);

CREATE TRIGGER history_recorded_option_days_import_inserted AFTER INSERT ON history_recorded_option_days
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();
CREATE TRIGGER history_recorded_option_days_import_updated AFTER UPDATE ON history_recorded_option_days
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();

-- Deleting an import deletes its rows, now in the six tables.
CREATE OR REPLACE FUNCTION history_imports_delete_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM history_option_days WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_index_minutes WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_index_days WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_option_minutes WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_option_minute_fetches WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_recorded_option_days WHERE import_id IN (SELECT id FROM removed);
  RETURN NULL;
END $$;
