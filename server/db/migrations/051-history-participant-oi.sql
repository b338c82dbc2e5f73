-- NSE's participant-wise open interest (fao_participant_oi_DDMMYYYY.csv, issue 40): each day, the open
-- contracts of clients, DIIs, FIIs and proprietary traders, long and short, in index and stock futures and
-- options (server/services/history/participant-oi-parser.ts). Market data like the other history tables:
-- one row per participant and day, re-importing a day replaces it, and a trader deletes only the days they
-- imported. Counts are contracts, as NSE publishes them (a whole F&O segment's open interest stays far below
-- 2^31 contracts).
ALTER TABLE history_imports DROP CONSTRAINT history_imports_kind_check;
ALTER TABLE history_imports ADD CONSTRAINT history_imports_kind_check
  CHECK (kind IN ('bhavcopy_udiff', 'bhavcopy_legacy', 'index_minutes', 'index_closes', 'option_minutes', 'recorded', 'participant_oi'));

CREATE TABLE history_participant_oi (
  trade_date date NOT NULL,
  participant text NOT NULL CHECK (participant IN ('Client', 'DII', 'FII', 'Pro')),
  future_index_long integer NOT NULL CHECK (future_index_long >= 0),
  future_index_short integer NOT NULL CHECK (future_index_short >= 0),
  future_stock_long integer NOT NULL CHECK (future_stock_long >= 0),
  future_stock_short integer NOT NULL CHECK (future_stock_short >= 0),
  option_index_call_long integer NOT NULL CHECK (option_index_call_long >= 0),
  option_index_put_long integer NOT NULL CHECK (option_index_put_long >= 0),
  option_index_call_short integer NOT NULL CHECK (option_index_call_short >= 0),
  option_index_put_short integer NOT NULL CHECK (option_index_put_short >= 0),
  option_stock_call_long integer NOT NULL CHECK (option_stock_call_long >= 0),
  option_stock_put_long integer NOT NULL CHECK (option_stock_put_long >= 0),
  option_stock_call_short integer NOT NULL CHECK (option_stock_call_short >= 0),
  option_stock_put_short integer NOT NULL CHECK (option_stock_put_short >= 0),
  -- Five rows a day: a plain foreign key (the per-statement triggers of migration 033 are for files of
  -- thousands of rows). Deleting an import deletes its days.
  import_id integer NOT NULL REFERENCES history_imports (id) ON DELETE CASCADE,
  PRIMARY KEY (trade_date, participant)
);
CREATE INDEX history_participant_oi_import_idx ON history_participant_oi (import_id);
