-- Issue 63, slice 1: the underlyings StrikeDesk can trade as data, not an enum. Every index and every stock of
-- NSE's F&O segment is a row here with what does not change with a contract (symbol, kind, exchange, settlement);
-- what does change is dated beside it, each with its source: F&O membership (fo_memberships, below: NSE adds and
-- excludes stocks under SEBI's eligibility rules, and an excluded stock's existing contracts trade to expiry), the
-- lot of each contract (lot_revisions, migration 088, opened to stocks below: the nearer contracts keep the old lot
-- across a revision) and the option tick of stocks (stock_option_ticks). The five indices are rows too, but their
-- facts stay where they already are (never two places for one fact): the name NSE's files give them
-- (index_names, 081), strike step (index_config, 002), tick size (tick_sizes, 092), freeze quantity (090), expiry
-- weekday (093). The reader (services/market/underlyings/) joins them.
--
-- Stocks here: only those whose lot or membership a named, dated source gives (migration 111 holds them, with their
-- sources). NSE's full list (about 220 securities in late 2025) is in its lot-revision circulars' annexure 3 and
-- its contract file, neither of which could be read from here: more rows, not more code, when they can.
CREATE TABLE underlyings (
  symbol text PRIMARY KEY CHECK (symbol ~ '^[A-Z0-9][A-Z0-9&_-]{0,19}$'),
  -- A stock's company name as the exchange prints it; null for an NSE index, whose name is index_names' of the day.
  name text CHECK (name IS NULL OR char_length(name) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('index', 'stock')),
  exchange text NOT NULL CHECK (exchange IN ('NSE', 'BSE')),
  -- Index derivatives settle in cash; stock derivatives by delivery of the shares (SEBI, phased in 2018-2019).
  settlement text NOT NULL CHECK (settlement IN ('cash', 'physical')),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 500),
  CHECK (kind = 'index' OR name IS NOT NULL),
  CHECK ((kind = 'index') = (settlement = 'cash'))
);

-- A spell of F&O membership. listed_from: the first trading day with contracts (null: before the sources here, the
-- stock being a member on the first day a source shows it). excluded_from: the first day no contract of it trades
-- (the day after its last contract's expiry); the exchange announces it months before (exclusion_announced_on) and
-- lists no new month after that, while the contracts already listed trade to their expiry. A stock excluded may
-- come back after a year: another spell.
CREATE TABLE fo_memberships (
  symbol text NOT NULL REFERENCES underlyings (symbol),
  listed_from date,
  listed_source text NOT NULL CHECK (char_length(listed_source) BETWEEN 1 AND 500),
  excluded_from date,
  exclusion_announced_on date,
  exclusion_source text CHECK (exclusion_source IS NULL OR char_length(exclusion_source) BETWEEN 1 AND 500),
  CHECK ((excluded_from IS NULL) = (exclusion_source IS NULL) AND (excluded_from IS NULL) = (exclusion_announced_on IS NULL)),
  CHECK (excluded_from IS NULL OR exclusion_announced_on < excluded_from),
  CHECK (listed_from IS NULL OR excluded_from IS NULL OR listed_from < excluded_from)
);
CREATE UNIQUE INDEX fo_memberships_key ON fo_memberships (symbol, coalesce(listed_from, DATE '0001-01-01'));

-- The price step of stock options, by exchange and date (index options' is tick_sizes').
CREATE TABLE stock_option_ticks (
  exchange text NOT NULL CHECK (exchange IN ('NSE', 'BSE')),
  effective_from date NOT NULL,
  tick_paise integer NOT NULL CHECK (tick_paise > 0),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 400),
  PRIMARY KEY (exchange, effective_from)
);
INSERT INTO stock_option_ticks (exchange, effective_from, tick_paise, source) VALUES
  ('NSE', '2000-01-01', 5, 'NSE equity derivatives contract specifications (nseindia.com, read 30 Nov 2026): options on individual securities, price step ₹0.05 (stock futures follow the cash market''s tick: NSE/FAOP/67135)');

-- The five indices StrikeDesk already trades.
INSERT INTO underlyings (symbol, name, kind, exchange, settlement, source) VALUES
  ('NIFTY', NULL, 'index', 'NSE', 'cash', 'NSE equity derivatives contract specifications: index futures and options, cash settled'),
  ('BANKNIFTY', NULL, 'index', 'NSE', 'cash', 'NSE equity derivatives contract specifications: index futures and options, cash settled'),
  ('FINNIFTY', NULL, 'index', 'NSE', 'cash', 'NSE equity derivatives contract specifications: index futures and options, cash settled'),
  ('MIDCPNIFTY', NULL, 'index', 'NSE', 'cash', 'NSE equity derivatives contract specifications: index futures and options, cash settled'),
  ('SENSEX', 'BSE Sensex', 'index', 'BSE', 'cash', 'BSE: SENSEX futures and options, cash settled (index_config''s BFO row, migration 002)');
INSERT INTO fo_memberships (symbol, listed_from, listed_source)
SELECT DISTINCT index_name, NULL::date, 'index_config (migration 002): traded by StrikeDesk from its first row; the index''s F&O listing date is not among the sources here'
FROM index_config;

-- A contract's lot, per underlying: lot_revisions now holds stocks' revisions too (the same rule, lot_revision_of of
-- migration 089), so its index_name column names any underlying of this table.
ALTER TABLE lot_revisions DROP CONSTRAINT lot_revisions_index_name_check;
ALTER TABLE lot_revisions ADD CONSTRAINT lot_revisions_underlying_fkey FOREIGN KEY (index_name) REFERENCES underlyings (symbol);
COMMENT ON COLUMN lot_revisions.index_name IS 'The underlying (underlyings.symbol, migration 110): an index or, from migration 111, a stock.';

-- The search reads these tables once and keeps them in memory (services/market/underlyings/underlying-search.ts):
-- any change to one of them moves this counter, which it checks at most every half minute to reload.
CREATE TABLE underlying_data_version (
  id smallint PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);
INSERT INTO underlying_data_version (id, version) VALUES (1, 1);
CREATE FUNCTION bump_underlying_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE underlying_data_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER underlyings_changed AFTER INSERT OR UPDATE OR DELETE ON underlyings FOR EACH STATEMENT EXECUTE FUNCTION bump_underlying_data_version();
CREATE TRIGGER fo_memberships_changed AFTER INSERT OR UPDATE OR DELETE ON fo_memberships FOR EACH STATEMENT EXECUTE FUNCTION bump_underlying_data_version();
CREATE TRIGGER lot_revisions_changed AFTER INSERT OR UPDATE OR DELETE ON lot_revisions FOR EACH STATEMENT EXECUTE FUNCTION bump_underlying_data_version();
CREATE TRIGGER stock_option_ticks_changed AFTER INSERT OR UPDATE OR DELETE ON stock_option_ticks FOR EACH STATEMENT EXECUTE FUNCTION bump_underlying_data_version();
CREATE TRIGGER index_config_changed AFTER INSERT OR UPDATE OR DELETE ON index_config FOR EACH STATEMENT EXECUTE FUNCTION bump_underlying_data_version();
CREATE TRIGGER index_names_changed AFTER INSERT OR UPDATE OR DELETE ON index_names FOR EACH STATEMENT EXECUTE FUNCTION bump_underlying_data_version();
