-- Kite's instruments dump (GET /instruments, published each morning around 08:30 IST), kept for what live
-- accounts trade: the index options and futures on NFO and BFO, and the indices themselves (their tokens are
-- what the ticker subscribes to). Kite's instrument_token is not the simulator's (instruments, 005-market),
-- so it has a table of its own. Rows are upserted by each day's load; contracts that expired are deleted.
CREATE TABLE kite_instruments (
  exchange text NOT NULL,
  tradingsymbol text NOT NULL,
  instrument_token bigint NOT NULL,
  -- The StrikeDesk index (NIFTY ...) a derivative is on, or an index row's own.
  index_name text NOT NULL REFERENCES market_simulation (index_name),
  segment text NOT NULL,
  instrument_type text NOT NULL,
  expiry date,
  strike numeric(12, 2) NOT NULL,
  lot_size integer NOT NULL,
  tick_size_paise integer NOT NULL,
  loaded_on date NOT NULL,
  PRIMARY KEY (exchange, tradingsymbol)
);
CREATE INDEX kite_instruments_token_idx ON kite_instruments (instrument_token);
CREATE INDEX kite_instruments_chain_idx ON kite_instruments (index_name, expiry, strike);

-- One row per day's load, claimed in the same transaction as its rows: several instances (or a login and the
-- morning pass) may fetch the dump, only one writes it and logs its differences from index_config.
CREATE TABLE kite_instrument_loads (
  loaded_on date PRIMARY KEY,
  loaded_at timestamptz NOT NULL,
  instruments integer NOT NULL CHECK (instruments >= 0),
  -- What the dump says that index_config does not (lot size, strike step, tick), per index.
  differences jsonb NOT NULL DEFAULT '[]'
);
