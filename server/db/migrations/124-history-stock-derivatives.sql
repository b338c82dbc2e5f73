-- Issue 63: market history holds stock options and every future, not only the four indices' options. NSE's daily
-- F&O bhavcopy already carries them (UDiFF FinInstrmTp STO, STF, IDF beside IDO; the older layout's OPTSTK, FUTSTK,
-- FUTIDX beside OPTIDX), each row with its contract's own lot (UDiFF's NewBrdLotQty); the import used to skip them.
--
-- 1. history_option_days holds any underlying's options: its index_name names an underlying (underlyings, migration
--    110), as lot_revisions' does. No foreign key: a key is checked once per row, and a year of imports is millions
--    of rows (migration 033 took the import's key away for that reason); the importer stores only the underlyings
--    the table lists (history/bhavcopy-parser.ts), the rest of the file counted as skipped.
ALTER TABLE history_option_days DROP CONSTRAINT history_option_days_index_name_check;
ALTER TABLE history_option_days ADD CONSTRAINT history_option_days_underlying_check CHECK (index_name ~ '^[A-Z0-9][A-Z0-9&_-]{0,19}$');
COMMENT ON COLUMN history_option_days.index_name IS 'The underlying (underlyings.symbol, migration 110): an index or, from migration 124, a stock.';

-- 2. A future's day as the bhavcopy gives it: one row per underlying, day and expiry (near, next and far months).
--    index_name names the underlying, as in history_option_days, so a day is claimed and replaced the same way
--    (history-claims.ts: history_day_claims' kind names this table).
CREATE TABLE history_future_days (
  index_name text NOT NULL CHECK (index_name ~ '^[A-Z0-9][A-Z0-9&_-]{0,19}$'),
  trade_date date NOT NULL,
  expiry date NOT NULL CHECK (expiry >= trade_date),
  -- Zero when the contract did not trade that day (the exchange's own convention); settle is always set.
  open_paise bigint NOT NULL CHECK (open_paise >= 0),
  high_paise bigint NOT NULL CHECK (high_paise >= 0),
  low_paise bigint NOT NULL CHECK (low_paise >= 0),
  close_paise bigint NOT NULL CHECK (close_paise >= 0),
  settle_paise bigint NOT NULL CHECK (settle_paise >= 0),
  -- In units (shares), as both layouts publish it.
  open_interest bigint NOT NULL CHECK (open_interest >= 0),
  change_in_oi bigint NOT NULL,
  volume_contracts bigint NOT NULL CHECK (volume_contracts >= 0),
  -- The underlying's value that day (UDiFF's UndrlygPric); null from the older layout.
  underlying_paise bigint CHECK (underlying_paise > 0),
  -- The contract's lot (UDiFF's NewBrdLotQty); null from the older layout, whose lot is lot_revisions' (contract-lots.ts).
  lot_size integer CHECK (lot_size > 0),
  -- Checked per statement by the trigger below, like the other history tables (migration 033).
  import_id integer NOT NULL,
  PRIMARY KEY (index_name, trade_date, expiry)
);
CREATE INDEX history_future_days_import_idx ON history_future_days (import_id);

CREATE TRIGGER history_future_days_import_inserted AFTER INSERT ON history_future_days
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();
CREATE TRIGGER history_future_days_import_updated AFTER UPDATE ON history_future_days
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();

-- Deleting an import deletes its rows, now futures' too.
CREATE OR REPLACE FUNCTION history_imports_delete_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM history_option_days WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_future_days WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_index_minutes WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_index_days WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_option_minutes WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_option_minute_fetches WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_recorded_option_days WHERE import_id IN (SELECT id FROM removed);
  RETURN NULL;
END $$;

-- A trader's claim on a day of futures (issue 61's rule, the same as for options).
ALTER TABLE history_day_claims DROP CONSTRAINT history_day_claims_kind_check;
ALTER TABLE history_day_claims ADD CONSTRAINT history_day_claims_kind_check
  CHECK (kind IN ('history_option_days', 'history_future_days', 'history_index_minutes', 'history_index_days'));

-- 3. Kite's daily load keeps the stocks' options and futures (NFO OPTSTK/FUTSTK rows: instrument_type CE, PE, FUT with
--    a stock's name) beside the indices': kite_instruments.index_name names any underlying the underlyings table lists,
--    so a stock contract's lot reads from Kite's file as an index's does (contract-lots.ts).
ALTER TABLE kite_instruments DROP CONSTRAINT kite_instruments_index_name_fkey;
ALTER TABLE kite_instruments ADD CONSTRAINT kite_instruments_underlying_fkey FOREIGN KEY (index_name) REFERENCES underlyings (symbol);
COMMENT ON COLUMN kite_instruments.index_name IS 'The underlying (underlyings.symbol, migration 110): an index or, from migration 124, a stock.';
