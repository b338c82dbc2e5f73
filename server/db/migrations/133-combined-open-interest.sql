-- Issue 63: NSE's combined open interest file (combineoi_DDMMYYYY.csv, in combineoi_DDMMYYYY.zip under the nsccl
-- archive's mwpl folder), imported as market history, and the F&O ban list derived from it by the dated rule
-- (fo_ban_rules, migration 128). Each evening NSE publishes, for every stock with F&O, its market-wide position limit
-- (MWPL, shares), its open interest across the exchanges (shares) and, since SEBI's change of 1 Oct 2025, its
-- future-equivalent (delta-adjusted) open interest, with the room left for the next day ("Limit for Next Day": a
-- number of shares, or "No Fresh Positions" for a stock in the ban):
--   Date, ISIN, Scrip Name, NSE Symbol, MWPL, Open Interest, Future Equivalent Open Interest, Limit for Next Day
--   08-JUL-2026,INE002A01018,RELIANCE INDUSTRIES LTD,RELIANCE,...
-- The layout was checked against public repositories' parsers and fixtures of the real file (the 2011 file's seven
-- columns, the current eight), since this machine cannot reach nsearchives.nseindia.com.
ALTER TABLE history_imports DROP CONSTRAINT history_imports_kind_check;
ALTER TABLE history_imports ADD CONSTRAINT history_imports_kind_check
  CHECK (kind IN ('bhavcopy_udiff', 'bhavcopy_legacy', 'index_minutes', 'index_closes', 'option_minutes', 'recorded', 'participant_oi', 'sample', 'combined_oi'));

-- One row per stock and day, of the stocks the underlyings table lists (others are counted as skipped, as a
-- bhavcopy's are). Shares are whole, but the future-equivalent figure is delta-weighted: NSE writes it with decimals.
CREATE TABLE history_combined_oi (
  trade_date date NOT NULL,
  symbol text NOT NULL REFERENCES underlyings (symbol),
  isin text NOT NULL CHECK (char_length(isin) <= 20),
  mwpl bigint NOT NULL CHECK (mwpl > 0),
  open_interest bigint NOT NULL CHECK (open_interest >= 0),
  -- Null in the files before the future-equivalent column (September 2025 and earlier).
  futures_equivalent_oi numeric(20, 4) CHECK (futures_equivalent_oi IS NULL OR futures_equivalent_oi >= 0),
  -- The file's own words, kept as written: a number of shares, or "No Fresh Positions".
  limit_next_day text NOT NULL CHECK (char_length(limit_next_day) BETWEEN 1 AND 40),
  import_id integer NOT NULL REFERENCES history_imports (id) ON DELETE CASCADE,
  PRIMARY KEY (trade_date, symbol)
);
CREATE INDEX history_combined_oi_import_idx ON history_combined_oi (import_id);

-- A list derived from a day's file names that day: NSE's own list of the date (its fo_secban.csv) replaces it when
-- imported, as the exchange's word; a derived list never replaces NSE's.
ALTER TABLE fo_ban_days ADD COLUMN derived_from date CHECK (derived_from IS NULL OR derived_from < trade_date);
