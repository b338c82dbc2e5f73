-- Market history imported from the exchange's own files (issue 25): NSE's daily F&O bhavcopies (index
-- options only) and index minute candles from CSV. The backtest engine reads these instead of the
-- simulator. History is market data, the same for everyone: one shared copy, each day recording the
-- import (and so the trader) it came from. Prices are integer paise like every other price here.

-- One row per accepted file. A refused file leaves no row: nothing of it is imported.
CREATE TABLE history_imports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('bhavcopy_udiff', 'bhavcopy_legacy', 'index_minutes')),
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 255),
  -- SHA-256 of the file's bytes (the CSV inside a ZIP), hex: tells a re-import from a correction.
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  first_day date NOT NULL,
  last_day date NOT NULL CHECK (last_day >= first_day),
  row_count integer NOT NULL CHECK (row_count >= 0),
  -- The trader who uploaded it; the history stays when the account goes.
  uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
  imported_at timestamptz NOT NULL
);

-- An index option's day as the bhavcopy gives it. One row per contract and day: re-importing a day
-- replaces that day's rows of the index (deduplicated by this key).
CREATE TABLE history_option_days (
  index_name text NOT NULL CHECK (index_name IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY')),
  trade_date date NOT NULL,
  expiry date NOT NULL CHECK (expiry >= trade_date),
  strike_paise bigint NOT NULL CHECK (strike_paise > 0),
  option_type text NOT NULL CHECK (option_type IN ('CE', 'PE')),
  -- Zero when the contract did not trade that day (the exchange's own convention); settle is always set.
  open_paise bigint NOT NULL CHECK (open_paise >= 0),
  high_paise bigint NOT NULL CHECK (high_paise >= 0),
  low_paise bigint NOT NULL CHECK (low_paise >= 0),
  close_paise bigint NOT NULL CHECK (close_paise >= 0),
  settle_paise bigint NOT NULL CHECK (settle_paise >= 0),
  -- In units (shares of the index), as both layouts publish it; contracts = units / lot size.
  open_interest bigint NOT NULL CHECK (open_interest >= 0),
  change_in_oi bigint NOT NULL,
  -- Contracts traded (both layouts publish contracts: CONTRACTS, TtlTradgVol).
  volume_contracts bigint NOT NULL CHECK (volume_contracts >= 0),
  -- The index's value that day (UDiFF's UndrlygPric); null from the older layout, which has no such column.
  underlying_paise bigint CHECK (underlying_paise > 0),
  -- The market lot (UDiFF's NewBrdLotQty); null from the older layout.
  lot_size integer CHECK (lot_size > 0),
  import_id integer NOT NULL REFERENCES history_imports (id) ON DELETE CASCADE,
  PRIMARY KEY (index_name, trade_date, expiry, strike_paise, option_type)
);
-- The primary key serves reads by index and day; this one finds an import's rows (to forget an import
-- whose rows were all replaced). Nothing else is indexed: each index slows a year's import.
CREATE INDEX history_option_days_import_idx ON history_option_days (import_id);

-- An index's one-minute candles; `minute` is the candle's start (stored as an instant, read in IST).
CREATE TABLE history_index_minutes (
  index_name text NOT NULL CHECK (index_name IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY')),
  minute timestamptz NOT NULL,
  -- The candle's IST date, kept for coverage and for replacing a day without timezone arithmetic.
  trade_date date NOT NULL,
  open_paise bigint NOT NULL CHECK (open_paise > 0),
  high_paise bigint NOT NULL CHECK (high_paise > 0),
  low_paise bigint NOT NULL CHECK (low_paise > 0),
  close_paise bigint NOT NULL CHECK (close_paise > 0),
  import_id integer NOT NULL REFERENCES history_imports (id) ON DELETE CASCADE,
  PRIMARY KEY (index_name, minute)
);
CREATE INDEX history_index_minutes_day_idx ON history_index_minutes (index_name, trade_date);
CREATE INDEX history_index_minutes_import_idx ON history_index_minutes (import_id);
