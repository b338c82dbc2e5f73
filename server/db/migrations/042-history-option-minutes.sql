-- Option contracts' one-minute candles in market history (issue 38): fetched from a broker's historical API
-- (Upstox's expired-instrument candles; Kite's, later), and, per issues 39 and 40, recorded from a live feed or
-- the simulator, read by backtests, replays and charts. A backtest fills at a contract's real minute where one
-- is stored and models the price elsewhere (server/services/backtests/history-prices.ts).
ALTER TABLE history_imports DROP CONSTRAINT history_imports_kind_check;
ALTER TABLE history_imports ADD CONSTRAINT history_imports_kind_check
  CHECK (kind IN ('bhavcopy_udiff', 'bhavcopy_legacy', 'index_minutes', 'index_closes', 'option_minutes'));

-- One row per contract and minute. `minute` is the candle's start (an instant, read in IST); trade_date its IST
-- date, second in the key so that a day's candles (what a backtest, a replay or a chart reads) are one range
-- of the key, and a contract's day is replaced without timezone arithmetic. Prices are integer paise; integer
-- (not bigint) is enough for an index option (₹2.1 crore) and keeps a NIFTY expiry day's rows small
-- (docs/benchmarks.md, "Option minute candles").
CREATE TABLE history_option_minutes (
  index_name text NOT NULL CHECK (index_name IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY')),
  trade_date date NOT NULL,
  expiry date NOT NULL CHECK (expiry >= trade_date),
  strike_paise integer NOT NULL CHECK (strike_paise > 0),
  option_type text NOT NULL CHECK (option_type IN ('CE', 'PE')),
  minute timestamptz NOT NULL,
  open_paise integer NOT NULL CHECK (open_paise > 0),
  high_paise integer NOT NULL CHECK (high_paise >= greatest(open_paise, close_paise, low_paise)),
  low_paise integer NOT NULL CHECK (low_paise > 0 AND low_paise <= least(open_paise, close_paise)),
  close_paise integer NOT NULL CHECK (close_paise > 0),
  -- Contracts traded in the minute as the source gives them (Upstox: units of the index).
  volume bigint NOT NULL CHECK (volume >= 0),
  -- Open interest at the minute's end, in units.
  open_interest bigint NOT NULL CHECK (open_interest >= 0),
  -- Where the candle comes from: a broker's historical API (real), a live feed recorded (real), or the
  -- simulator recorded (simulated: never reported as a real price).
  source text NOT NULL CHECK (source IN ('upstox', 'kite', 'recorded', 'simulated')),
  -- Checked per statement by the trigger below, like the other history tables (migration 033).
  import_id integer NOT NULL,
  PRIMARY KEY (index_name, trade_date, expiry, strike_paise, option_type, minute)
);
CREATE INDEX history_option_minutes_import_idx ON history_option_minutes (import_id);

CREATE TRIGGER history_option_minutes_import_inserted AFTER INSERT ON history_option_minutes
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();
CREATE TRIGGER history_option_minutes_import_updated AFTER UPDATE ON history_option_minutes
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();

-- A fetch from a broker asks for one contract's days at a time; each (source, contract, day) asked is noted
-- here in the transaction that stores its candles, so a fetch cut short resumes where it stopped and a day
-- once fetched is never asked for again (a contract that did not trade that day has no candles, yet it was
-- fetched). Deleted with the import like the candles.
CREATE TABLE history_option_minute_fetches (
  source text NOT NULL CHECK (source IN ('upstox', 'kite')),
  index_name text NOT NULL CHECK (index_name IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY')),
  expiry date NOT NULL,
  strike_paise integer NOT NULL CHECK (strike_paise > 0),
  option_type text NOT NULL CHECK (option_type IN ('CE', 'PE')),
  trade_date date NOT NULL CHECK (trade_date <= expiry),
  candles integer NOT NULL CHECK (candles >= 0),
  import_id integer NOT NULL,
  PRIMARY KEY (source, index_name, expiry, strike_paise, option_type, trade_date)
);
CREATE INDEX history_option_minute_fetches_import_idx ON history_option_minute_fetches (import_id);

-- Deleting an import deletes its rows, now in the five tables.
CREATE OR REPLACE FUNCTION history_imports_delete_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM history_option_days WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_index_minutes WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_index_days WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_option_minutes WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_option_minute_fetches WHERE import_id IN (SELECT id FROM removed);
  RETURN NULL;
END $$;
