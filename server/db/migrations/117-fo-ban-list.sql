-- Issue 63: the F&O ban list (securities over their market-wide position limit), one list per trade date, as NSE
-- publishes it the evening before in its file fo_secban.csv ("Securities in Ban For Trade Date 25-SEP-2026:" then
-- "1,KAYNES" lines; "... : NIL" on a day with none). During a ban only orders that reduce the trader's exposure in
-- that stock are taken (NSE, from 8 Dec 2025; services/brokers/entry-guards.ts). A date with no row is a date whose
-- list is not known here, not a date without a ban: a NIL day is a row with no securities.
--
-- Rows come from the import (POST /api/market/ban-list/, services/market/ban-list/): any signed-in trader, as
-- market history is imported, one file a date; a second file for a date must say the same (else it is refused
-- and nothing changes), so one trader's upload never rewrites another's.
CREATE TABLE fo_ban_days (
  trade_date date PRIMARY KEY,
  exchange text NOT NULL DEFAULT 'NSE' CHECK (exchange IN ('NSE')),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 500),
  imported_by integer REFERENCES users (id) ON DELETE SET NULL,
  imported_at timestamptz
);

CREATE TABLE fo_ban_securities (
  trade_date date NOT NULL REFERENCES fo_ban_days (trade_date) ON DELETE CASCADE,
  symbol text NOT NULL REFERENCES underlyings (symbol),
  PRIMARY KEY (trade_date, symbol)
);

-- The underlying search marks a banned stock of the day; it keeps each day's list in memory until this counter moves.
CREATE TRIGGER fo_ban_days_changed AFTER INSERT OR UPDATE OR DELETE ON fo_ban_days FOR EACH STATEMENT EXECUTE FUNCTION bump_underlying_data_version();
CREATE TRIGGER fo_ban_securities_changed AFTER INSERT OR UPDATE OR DELETE ON fo_ban_securities FOR EACH STATEMENT EXECUTE FUNCTION bump_underlying_data_version();

-- Real lists, as NSE's file gave them (this machine cannot reach nsearchives.nseindia.com: each is the file's text as
-- recorded in a public repository, read 30 Nov 2026).
INSERT INTO fo_ban_days (trade_date, source) VALUES
  ('2026-07-28', 'NSE fo_secban.csv for 28-JUL-2026 ("Securities in Ban For Trade Date 28-JUL-2026: NIL"), verbatim from the archive file fo_secban_28072026.csv in a public repository''s test fixtures'),
  ('2026-09-25', 'NSE fo_secban.csv for 25-SEP-2026 (1,KAYNES 2,LICHSGFIN 3,MANAPPURAM 4,SAIL), as read from nsearchives.nseindia.com/content/fo/fo_secban.csv on 24 Sep 2026 and recorded in a public repository''s research notes');
INSERT INTO fo_ban_securities (trade_date, symbol) VALUES
  ('2026-09-25', 'KAYNES'), ('2026-09-25', 'LICHSGFIN'), ('2026-09-25', 'MANAPPURAM'), ('2026-09-25', 'SAIL');
