-- An index's daily open, high, low and close from NSE's index close file (ind_close_all_DDMMYYYY.csv,
-- issue 25): a bhavcopy gives only the underlying's close, so without minutes a backtest could only draw
-- the index in a straight line between closes; with these it walks open → low/high → close
-- (server/services/backtests/history-prices.ts). One row per index and day: re-importing a day replaces it.
ALTER TABLE history_imports DROP CONSTRAINT history_imports_kind_check;
ALTER TABLE history_imports ADD CONSTRAINT history_imports_kind_check
  CHECK (kind IN ('bhavcopy_udiff', 'bhavcopy_legacy', 'index_minutes', 'index_closes'));

CREATE TABLE history_index_days (
  index_name text NOT NULL CHECK (index_name IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY')),
  trade_date date NOT NULL,
  open_paise bigint NOT NULL CHECK (open_paise > 0),
  high_paise bigint NOT NULL CHECK (high_paise >= greatest(open_paise, close_paise, low_paise)),
  low_paise bigint NOT NULL CHECK (low_paise > 0 AND low_paise <= least(open_paise, close_paise)),
  close_paise bigint NOT NULL CHECK (close_paise > 0),
  -- Checked per statement by the trigger below, like the other history tables (migration 033).
  import_id integer NOT NULL,
  PRIMARY KEY (index_name, trade_date)
);
CREATE INDEX history_index_days_import_idx ON history_index_days (import_id);

CREATE TRIGGER history_index_days_import_inserted AFTER INSERT ON history_index_days
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();
CREATE TRIGGER history_index_days_import_updated AFTER UPDATE ON history_index_days
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();

-- Deleting an import deletes its rows, now in the three tables.
CREATE OR REPLACE FUNCTION history_imports_delete_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM history_option_days WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_index_minutes WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_index_days WHERE import_id IN (SELECT id FROM removed);
  RETURN NULL;
END $$;
