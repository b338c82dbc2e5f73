-- The regular session of each exchange's derivatives segment as dated data (issue 60): NSE moved the close of
-- its equity-derivatives market from 15:30 to 15:40 on 3 August 2026, so the hours a day traded at depend on the
-- day. A row holds from `effective_from` until the next row of the same exchange; every reader picks the row in
-- force on the IST date it asks about (trading-calendar.ts regularSessionOn), so a day of 2025 replays and
-- backtests at 09:15–15:30 and a day since 3 August 2026 trades to 15:40. Holidays and special sessions stay
-- in market_calendar, which wins over these rows on its dates.
--
-- Columns, all HH:MM IST:
-- - open_time / close_time: the normal market.
-- - close_price_from / close_price_to: the window whose volume-weighted average is the day's close price (and
--   the expiring index options' settlement value, as the simulator models it from its minutes).
-- - pre_open_from / pre_open_to: order entry of the F&O pre-open (current-month futures only; no options), null
--   before it existed.
-- - modification_until: the end of trade modification (the exchange's day ends for give-ups and exercise).
-- - mis_square_off: the paper broker's (Zerodha's) intraday square-off in F&O: no fresh MIS order from then on.
--   It is the broker's rule, not the exchange's, so it has a source of its own.
CREATE TABLE market_sessions (
  exchange text NOT NULL CHECK (exchange IN ('NSE', 'BSE')),
  effective_from date NOT NULL,
  open_time text NOT NULL CHECK (open_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  close_time text NOT NULL CHECK (close_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  close_price_from text NOT NULL CHECK (close_price_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  close_price_to text NOT NULL CHECK (close_price_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  pre_open_from text CHECK (pre_open_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  pre_open_to text CHECK (pre_open_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  modification_until text NOT NULL CHECK (modification_until ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  mis_square_off text NOT NULL CHECK (mis_square_off ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  source text NOT NULL,
  mis_source text NOT NULL,
  PRIMARY KEY (exchange, effective_from),
  CHECK (open_time < close_time AND close_price_from < close_price_to AND close_price_to = close_time),
  CHECK (mis_square_off > open_time AND mis_square_off < close_time),
  CHECK ((pre_open_from IS NULL) = (pre_open_to IS NULL) AND (pre_open_to IS NULL OR pre_open_to <= open_time))
);

INSERT INTO market_sessions (exchange, effective_from, open_time, close_time, close_price_from, close_price_to, pre_open_from, pre_open_to,
                             modification_until, mis_square_off, source, mis_source) VALUES
  -- Before any history StrikeDesk can import (NSE's first bhavcopy of index options is of June 2001): 09:15–15:30
  -- since NSE's circular of 2010 on trading hours; the close price the average of the last half hour.
  ('NSE', '2000-01-01', '09:15', '15:30', '15:00', '15:30', NULL, NULL, '16:15', '15:25',
   'NSE market timings (09:15–15:30 normal market; trade modification to 16:15); close price the VWAP of 15:00–15:30',
   'Zerodha support, "What are the auto square-off timings for open intraday positions?": F&O 15:25'),
  -- The F&O pre-open for current-month futures (09:00–09:08 order entry), from 8 December 2025.
  ('NSE', '2025-12-08', '09:15', '15:30', '15:00', '15:30', '09:00', '09:08', '16:15', '15:25',
   'NSE: F&O pre-open session for current-month index and stock futures, 09:00–09:08 order entry, from 8 Dec 2025',
   'Zerodha support, "What are the auto square-off timings for open intraday positions?": F&O 15:25'),
  ('NSE', '2026-08-03', '09:15', '15:40', '15:10', '15:40', '09:00', '09:08', '16:15', '15:25',
   'NSE circular 74/2026: equity derivatives close at 15:40 from 3 Aug 2026; close price the VWAP of 15:10–15:40; trade modification to 16:15',
   'Zerodha support, "What are the auto square-off timings for open intraday positions?": F&O 15:25 (no later notice found)'),
  ('BSE', '2000-01-01', '09:15', '15:30', '15:00', '15:30', NULL, NULL, '16:15', '15:25',
   'BSE market timings (09:15–15:30 normal market)',
   'Zerodha support, "What are the auto square-off timings for open intraday positions?": F&O 15:25'),
  -- BSE's derivatives follow NSE's hours (both exchanges moved together in every change so far); no BSE circular
  -- for August 2026 is among the sources here, which the source says.
  ('BSE', '2026-08-03', '09:15', '15:40', '15:10', '15:40', NULL, NULL, '16:15', '15:25',
   'NSE circular 74/2026 (BSE''s derivatives hours taken to follow NSE''s; no BSE circular among the sources)',
   'Zerodha support, "What are the auto square-off timings for open intraday positions?": F&O 15:25 (no later notice found)');
