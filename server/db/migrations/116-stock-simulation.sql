-- Issue 63, slice 3: the simulated market's stocks and futures. Each simulated stock has a reference close (a dated,
-- sourced published close its spot path starts from), its own annualised volatility and its option strike step;
-- futures (stocks' and indices') are priced with a dated cost of carry. Readers: services/market/stocks/.
--
-- Reference closes: the closing prices of Friday 9 October 2026 in the daily OHLC file the public repository
-- divyamJi06/DailyOHLC commits from NSE's equity bhavcopy (data/2026/10/09.csv, commit 32ee4f74).
-- Volatility: the model's choice (docs/market-model.md, "The simulator's stocks and futures"): a round figure by kind
-- of business (private banks and staples 20-24 %, IT 24-27 %, cyclicals and NBFCs 28-35 %), not fitted to a series.
-- Strike step: NSE's strike scheme file (its interval per underlying) could not be read from here; the step is the
-- model's, from the price band (100-500: 5, 500-1,000: 10, 1,000-2,500: 20, 2,500-10,000: 50, above: 100; under 200: 2).
CREATE TABLE stock_simulation (
  symbol text PRIMARY KEY REFERENCES underlyings (symbol),
  reference_close numeric(12, 2) NOT NULL CHECK (reference_close > 0),
  reference_date date NOT NULL,
  close_source text NOT NULL CHECK (char_length(close_source) BETWEEN 1 AND 400),
  volatility numeric(6, 4) NOT NULL CHECK (volatility > 0 AND volatility < 2),
  volatility_source text NOT NULL CHECK (char_length(volatility_source) BETWEEN 1 AND 400),
  strike_step integer NOT NULL CHECK (strike_step > 0),
  strike_step_source text NOT NULL CHECK (char_length(strike_step_source) BETWEEN 1 AND 400),
  -- The paper broker's SPAN-like margin for this stock's options and futures (margin.ts), until stock margins are
  -- calibrated against brokers' figures as the indices' are (margin_params): a placeholder, the model's choice.
  margin_price_scan numeric(6, 4) NOT NULL DEFAULT 0.1200 CHECK (margin_price_scan > 0 AND margin_price_scan < 1),
  margin_volatility_scan numeric(6, 4) NOT NULL DEFAULT 0.0500 CHECK (margin_volatility_scan >= 0 AND margin_volatility_scan < 1),
  margin_exposure_rate numeric(6, 4) NOT NULL DEFAULT 0.0350 CHECK (margin_exposure_rate >= 0 AND margin_exposure_rate < 1),
  margin_short_option_minimum numeric(6, 4) NOT NULL DEFAULT 0.0375 CHECK (margin_short_option_minimum >= 0 AND margin_short_option_minimum < 1),
  margin_source text NOT NULL DEFAULT 'Placeholder, the model''s choice (issue 63 slice 3): price scan 12 %, volatility scan 5 points, exposure 3.5 % of notional (SEBI''s floor for stock derivatives: the higher of 3.5 % and 1.5 standard deviations), short option minimum 3.75 %; not calibrated against a broker''s figures'
);

INSERT INTO stock_simulation (symbol, reference_close, reference_date, close_source, volatility, volatility_source, strike_step, strike_step_source)
SELECT symbol, close, DATE '2026-10-09',
  'NSE equity bhavcopy close of 9 Oct 2026, as committed in divyamJi06/DailyOHLC data/2026/10/09.csv (commit 32ee4f74)',
  volatility, 'Model choice by kind of business (docs/market-model.md, issue 63 slice 3); not fitted to a price series',
  step, 'Model choice from the price band (NSE''s per-underlying strike scheme not read); docs/market-model.md'
FROM (VALUES
  ('RELIANCE', 1170.30, 0.2200, 20),
  ('HDFCBANK', 707.25, 0.2000, 10),
  ('ICICIBANK', 1355.00, 0.2200, 20),
  ('INFY', 1023.40, 0.2600, 20),
  ('TCS', 2156.00, 0.2400, 20),
  ('SBIN', 959.10, 0.2500, 10),
  ('BHARTIARTL', 1805.10, 0.2200, 20),
  ('ITC', 266.00, 0.2000, 5),
  ('LT', 3703.30, 0.2400, 50),
  ('AXISBANK', 1259.10, 0.2500, 20),
  ('KOTAKBANK', 441.00, 0.2400, 5),
  ('TMPV', 279.90, 0.3500, 5),
  ('MARUTI', 11420.00, 0.2500, 100),
  ('BAJFINANCE', 960.00, 0.3000, 10),
  ('HINDUNILVR', 1856.70, 0.2000, 20),
  ('SUNPHARMA', 1760.00, 0.2400, 20),
  ('TATASTEEL', 173.80, 0.3200, 2),
  ('WIPRO', 162.57, 0.2700, 2),
  ('HCLTECH', 1216.70, 0.2600, 20),
  ('M&M', 2796.20, 0.2800, 50)
) AS s (symbol, close, volatility, step);

-- The cost of carry futures are priced with, F = S·e^(r·t), by date. The model's choice: the RBI's policy repo rate
-- (the overnight money-market anchor), dividends not taken out. The indices' options price on the one rate every
-- figure shares (quant/market-assumptions.ts, 5.5 %), and their futures on that same forward, so this table is read for
-- stocks' futures and options only.
CREATE TABLE futures_carry_rates (
  effective_from date PRIMARY KEY,
  rate numeric(6, 4) NOT NULL CHECK (rate > -1 AND rate < 1),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 400)
);
INSERT INTO futures_carry_rates (effective_from, rate, source) VALUES
  ('2025-06-06', 0.0550, 'RBI Monetary Policy Committee, 6 Jun 2025: policy repo rate 5.50 %'),
  ('2025-12-05', 0.0525, 'RBI Monetary Policy Committee, 5 Dec 2025: policy repo rate cut by 25 bp to 5.25 % (Business Today, 5 Dec 2025, "RBI MPC meeting: Central bank slashes repo rate by 25 bps to 5.25% from 5.5%")');

-- Contracts of any underlying: the instruments the market lists may now be stocks' options and futures (FUT, no
-- strike), named by underlyings (the five indices are rows there too).
ALTER TABLE instruments DROP CONSTRAINT instruments_name_fkey;
ALTER TABLE instruments ADD CONSTRAINT instruments_underlying_fkey FOREIGN KEY (name) REFERENCES underlyings (symbol);
ALTER TABLE instruments DROP CONSTRAINT instruments_instrument_type_check;
ALTER TABLE instruments ADD CONSTRAINT instruments_instrument_type_check CHECK (instrument_type IN ('CE', 'PE', 'FUT'));
ALTER TABLE instruments ALTER COLUMN strike DROP NOT NULL;
ALTER TABLE instruments ADD CONSTRAINT instruments_future_strike_check CHECK ((instrument_type = 'FUT') = (strike IS NULL));
