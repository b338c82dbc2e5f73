-- The simulated market (issue 8): the exchange calendar and the simulator's parameters as data, the option
-- contracts listed so far, and the simulator's state. Option quotes are not stored: each is a pure function
-- of its index's stored state (spot, tick sequence, time) and the contract, so every server instance
-- computes the same quote from the same row, and a restart continues from the stored spot.

-- Exchange holidays and special sessions, one row per exchange and date, from the exchanges' circulars.
-- Weekends need no rows. A special session opens a day that would be closed (or sets other hours).
CREATE TABLE market_calendar (
  exchange text NOT NULL CHECK (exchange IN ('NSE', 'BSE')),
  day date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('holiday', 'special_session')),
  -- HH:MM IST, for special sessions only.
  open_time text CHECK (open_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  close_time text CHECK (close_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  description text NOT NULL,
  -- True until the exchange publishes the year's list: expected dates, to be replaced by the circular's.
  provisional boolean NOT NULL DEFAULT false,
  PRIMARY KEY (exchange, day),
  CHECK ((kind = 'special_session') = (open_time IS NOT NULL AND close_time IS NOT NULL AND open_time < close_time))
);

-- 2026: the exchanges' holiday list for the equity derivatives segment (NSE's circular of December 2025;
-- BSE's derivatives follow the same days). 2027 is not published yet (the exchanges publish in December): the expected
-- festival dates on weekdays are entered as provisional.
INSERT INTO market_calendar (exchange, day, kind, description, provisional)
SELECT exchange, day::date, 'holiday', description, provisional
FROM (VALUES
  ('2026-01-15', 'Municipal Corporation election (Maharashtra)', false),
  ('2026-01-26', 'Republic Day', false),
  ('2026-03-03', 'Holi', false),
  ('2026-03-26', 'Shri Ram Navami', false),
  ('2026-03-31', 'Shri Mahavir Jayanti', false),
  ('2026-04-03', 'Good Friday', false),
  ('2026-04-14', 'Dr. Baba Saheb Ambedkar Jayanti', false),
  ('2026-05-01', 'Maharashtra Day', false),
  ('2026-05-28', 'Bakri Id', false),
  ('2026-06-26', 'Muharram', false),
  ('2026-09-14', 'Ganesh Chaturthi', false),
  ('2026-10-02', 'Mahatma Gandhi Jayanti', false),
  ('2026-10-20', 'Dussehra', false),
  ('2026-11-10', 'Diwali Balipratipada', false),
  ('2026-11-24', 'Prakash Gurpurb Sri Guru Nanak Dev', false),
  ('2026-12-25', 'Christmas', false),
  ('2027-01-26', 'Republic Day', true),
  ('2027-03-10', 'Id-ul-Fitr (Ramadan Eid)', true),
  ('2027-03-22', 'Holi', true),
  ('2027-03-26', 'Good Friday', true),
  ('2027-04-14', 'Dr. Baba Saheb Ambedkar Jayanti', true),
  ('2027-04-15', 'Shri Ram Navami', true),
  ('2027-05-17', 'Bakri Id', true),
  ('2027-06-15', 'Muharram', true),
  ('2027-10-29', 'Diwali Laxmi Pujan', true)
) AS days (day, description, provisional)
CROSS JOIN (VALUES ('NSE'), ('BSE')) AS exchanges (exchange);

-- The Union Budget on Sunday 1 February 2026 had a full session; Muhurat trading on Diwali (Sunday
-- 8 November 2026) ran one evening hour (timing as announced for the session).
INSERT INTO market_calendar (exchange, day, kind, open_time, close_time, description, provisional)
SELECT exchange, day::date, 'special_session', open_time, close_time, description, false
FROM (VALUES
  ('2026-02-01', '09:15', '15:30', 'Union Budget (special session)'),
  ('2026-11-08', '18:00', '19:00', 'Muhurat trading (Diwali)')
) AS sessions (day, open_time, close_time, description)
CROSS JOIN (VALUES ('NSE'), ('BSE')) AS exchanges (exchange);

-- How the simulator moves each index: geometric Brownian motion at `volatility` (annualised), options priced
-- by Black-76 at an implied volatility of `atm_volatility` bent by the smile: skew (per unit of log-moneyness,
-- negative so out-of-the-money puts are dearer) and curvature (both wings up). Levels near late 2026.
CREATE TABLE market_simulation (
  index_name text PRIMARY KEY CHECK (index_name IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX')),
  -- The index's own instrument in market data, Kite style.
  underlying text NOT NULL UNIQUE,
  start_spot numeric(12, 2) NOT NULL CHECK (start_spot > 0),
  volatility numeric(6, 4) NOT NULL CHECK (volatility > 0 AND volatility < 2),
  atm_volatility numeric(6, 4) NOT NULL CHECK (atm_volatility > 0 AND atm_volatility < 2),
  skew numeric(6, 4) NOT NULL,
  curvature numeric(6, 4) NOT NULL CHECK (curvature >= 0),
  -- Continuously compounded, for the forward (index dividends are folded in, as the futures basis shows).
  rate numeric(6, 4) NOT NULL
);
INSERT INTO market_simulation (index_name, underlying, start_spot, volatility, atm_volatility, skew, curvature, rate) VALUES
  ('NIFTY', 'NSE:NIFTY 50', 26050.00, 0.1200, 0.1150, -0.6000, 2.5000, 0.0550),
  ('BANKNIFTY', 'NSE:NIFTY BANK', 59200.00, 0.1400, 0.1350, -0.5500, 2.2000, 0.0550),
  ('FINNIFTY', 'NSE:NIFTY FIN SERVICE', 27600.00, 0.1300, 0.1250, -0.5500, 2.2000, 0.0550),
  ('MIDCPNIFTY', 'NSE:NIFTY MID SELECT', 13550.00, 0.1600, 0.1550, -0.5000, 2.0000, 0.0550),
  ('SENSEX', 'BSE:SENSEX', 85300.00, 0.1200, 0.1150, -0.6000, 2.5000, 0.0550);

-- Each index's simulated state, written by the leader in each tick's transaction. `seq` counts ticks since
-- the market began; the day's open, high and low and the previous session's close give change and OHLC.
CREATE TABLE market_index_state (
  index_name text PRIMARY KEY REFERENCES market_simulation (index_name),
  seq bigint NOT NULL CHECK (seq >= 0),
  spot numeric(12, 2) NOT NULL CHECK (spot > 0),
  ticked_at timestamptz NOT NULL,
  session_date date NOT NULL,
  -- The tick that opened this session: volumes count from it.
  session_open_seq bigint NOT NULL CHECK (session_open_seq >= 0),
  day_open numeric(12, 2) NOT NULL,
  day_high numeric(12, 2) NOT NULL,
  day_low numeric(12, 2) NOT NULL,
  previous_close numeric(12, 2) NOT NULL,
  previous_close_at timestamptz NOT NULL
);

-- Minute bars of each index, for charts and the bots' signals; older ones are pruned.
CREATE TABLE market_candles (
  index_name text NOT NULL REFERENCES market_simulation (index_name),
  minute timestamptz NOT NULL,
  open numeric(12, 2) NOT NULL,
  high numeric(12, 2) NOT NULL,
  low numeric(12, 2) NOT NULL,
  close numeric(12, 2) NOT NULL,
  ticks integer NOT NULL,
  PRIMARY KEY (index_name, minute)
);

-- The option contracts listed so far. A contract's token never changes; strikes are added (never removed)
-- as the spot moves, so a trader's instrument stays valid all day.
CREATE TABLE instruments (
  instrument_token integer GENERATED ALWAYS AS IDENTITY (START WITH 12000001) PRIMARY KEY,
  exchange text NOT NULL CHECK (exchange IN ('NFO', 'BFO')),
  tradingsymbol text NOT NULL,
  name text NOT NULL REFERENCES market_simulation (index_name),
  expiry date NOT NULL,
  expiry_kind text NOT NULL CHECK (expiry_kind IN ('weekly', 'monthly')),
  strike integer NOT NULL CHECK (strike > 0),
  instrument_type text NOT NULL CHECK (instrument_type IN ('CE', 'PE')),
  lot_size integer NOT NULL CHECK (lot_size > 0),
  UNIQUE (exchange, tradingsymbol)
);
CREATE INDEX instruments_chain_idx ON instruments (name, expiry, strike);
