-- Issue 63, slice 2: the weekday stock derivatives (options and futures) expire on, by exchange and by the contract's
-- expiry date, with its source: expiry_weekdays (093) holds the indices', one row per index; a stock's monthly
-- contracts follow their exchange's rule for single stocks, so the rows are per exchange. A monthly contract
-- expires on the last such day of its month, a holiday moving it to the trading day before (trading-calendar.ts
-- expiryDayOnOrBefore), as for the indices. Readers: services/market/derivatives/ (stock options' and futures'
-- expiries, a tradingsymbol's contract) and the underlyings search (underlyings/underlying-rows.ts). BSE lists no
-- stock derivatives StrikeDesk trades: no BSE row.
CREATE TABLE stock_expiry_weekdays (
  exchange text NOT NULL CHECK (exchange IN ('NSE', 'BSE')),
  expiring_from date NOT NULL,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 5),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 400),
  PRIMARY KEY (exchange, expiring_from)
);

INSERT INTO stock_expiry_weekdays (exchange, expiring_from, weekday, source) VALUES
  ('NSE', '2000-01-01', 4,
   'NSE: single-stock futures and options expired on the last Thursday of the month until SEBI''s circular of 26 May 2025 (ICICIdirect, "Revised expiry day for derivative contracts"; angelone 1 Sep 2025: Thursday expiries since 2000)'),
  ('NSE', '2025-09-01', 2,
   'SEBI circular of 26 May 2025 and NSE''s circular of 17 Jun 2025: single-stock contracts expiring on or after 1 Sep 2025 expire on the last Tuesday of the month (ICICIdirect, "Revised expiry day for derivative contracts"; dsij, June 2025)');

CREATE TRIGGER stock_expiry_weekdays_changed AFTER INSERT OR UPDATE OR DELETE ON stock_expiry_weekdays FOR EACH STATEMENT EXECUTE FUNCTION bump_underlying_data_version();
