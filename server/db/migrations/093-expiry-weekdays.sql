-- The weekday index options expire on, as dated data with its source (issue 60). The exchanges move it by
-- circular, for the contracts expiring from a date on (not from a trading day on: contracts listed before the
-- change keep their weekday until they expire), so a row is an index, the first expiry date it applies to, the
-- ISO weekday (1 Monday … 5 Friday; a monthly contract expires on the last such day of its month) and its source.
-- A holiday moves an expiry to the trading day before (trading-calendar.ts expiryDayOnOrBefore). Every reader goes
-- through market/expiries.ts (weekdayFor): the simulator's expiries, the chain, Kite's monthly symbols and the
-- Market facts screen, so a clock in August 2025 lists NIFTY's last Thursday weeklies and, after them, the
-- Tuesdays from 2 September 2025. A backtest's book adds the rows its files show (backtests/history-market.ts).
-- index_config.expiry_weekday is no longer read for an expiry (the analytics view analytics_index_config still shows it).
CREATE TABLE expiry_weekdays (
  index_name text NOT NULL CHECK (index_name IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX')),
  expiring_from date NOT NULL,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 5),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 400),
  PRIMARY KEY (index_name, expiring_from)
);

INSERT INTO expiry_weekdays (index_name, expiring_from, weekday, source) VALUES
  -- NSE: Thursday (NIFTY's weeklies each Thursday, the monthlies the last Thursday) until SEBI's one-expiry-day rule.
  ('NIFTY', '2000-01-01', 4,
   'NSE: NIFTY options expired on Thursday (weekly) and the last Thursday of the month (monthly) until SEBI''s circular of 26 May 2025 and NSE/FAOP/68589 moved them'),
  ('NIFTY', '2025-09-01', 2,
   'SEBI circular of 26 May 2025 (one expiry day per exchange, NSE Tuesday) and NSE/FAOP/68589: contracts expiring on or after 1 Sep 2025 expire on Tuesday, monthlies on the last Tuesday'),
  -- The other NSE indices: monthly only; the last Thursday from 1 Jan 2025 (NSE's circular of November 2024). Their
  -- weekdays before 2025 (BANKNIFTY's Wednesdays of 2024, FINNIFTY's Tuesdays, MIDCPNIFTY's Mondays) are not dated
  -- among the sources here: a day before has this row (the earliest answers), and a backtest takes its files' own.
  ('BANKNIFTY', '2025-01-01', 4,
   'NSE circular of November 2024: Nifty Bank, FinNifty and Nifty Midcap Select monthly contracts expire on the last Thursday from 1 Jan 2025 (news, Nov 2024)'),
  ('BANKNIFTY', '2025-09-01', 2,
   'SEBI circular of 26 May 2025 and NSE/FAOP/68589: contracts expiring on or after 1 Sep 2025 expire on the last Tuesday of the month'),
  ('FINNIFTY', '2025-01-01', 4,
   'NSE circular of November 2024: Nifty Bank, FinNifty and Nifty Midcap Select monthly contracts expire on the last Thursday from 1 Jan 2025 (news, Nov 2024)'),
  ('FINNIFTY', '2025-09-01', 2,
   'SEBI circular of 26 May 2025 and NSE/FAOP/68589: contracts expiring on or after 1 Sep 2025 expire on the last Tuesday of the month'),
  ('MIDCPNIFTY', '2025-01-01', 4,
   'NSE circular of November 2024: Nifty Bank, FinNifty and Nifty Midcap Select monthly contracts expire on the last Thursday from 1 Jan 2025 (news, Nov 2024)'),
  ('MIDCPNIFTY', '2025-09-01', 2,
   'SEBI circular of 26 May 2025 and NSE/FAOP/68589: contracts expiring on or after 1 Sep 2025 expire on the last Tuesday of the month'),
  -- BSE: SENSEX on Friday, then Tuesday from its circular of 28 Nov 2024 (the weekly of Friday 3 Jan 2025 kept its
  -- Friday, so the Tuesday row starts after it), then Thursday under SEBI's rule.
  ('SENSEX', '2000-01-01', 5,
   'BSE: SENSEX weekly options expired on Friday, monthlies on the last Friday, until BSE''s circular of 28 Nov 2024, which names Friday as the day it replaced (business-standard, 28 Nov 2024); earlier weekdays are not dated here'),
  ('SENSEX', '2025-01-04', 2,
   'BSE circular of 28 Nov 2024: SENSEX weekly on Tuesday, monthly on the last Tuesday from 1 Jan 2025; the weekly of Friday 3 Jan 2025 kept its Friday (business-standard 28 Nov 2024; latestly 10 Jan 2025)'),
  ('SENSEX', '2025-09-01', 4,
   'SEBI circular of 26 May 2025 (one expiry day per exchange, BSE Thursday): contracts expiring on or after 1 Sep 2025 expire on Thursday, monthlies on the last Thursday');

COMMENT ON COLUMN index_config.expiry_weekday IS 'Not read for an expiry since migration 093 (services/market/expiries.ts reads expiry_weekdays, dated by expiry with its source); the analytics view analytics_index_config still shows it.';
