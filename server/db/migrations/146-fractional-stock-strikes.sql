-- Issue 63: a stock's strikes may have paise, as NSE lists them (NTPC, TATASTEEL, BPCL, GAIL and 11 more are ₹2.50
-- apart). instruments.strike was an integer: the simulator could not list those strikes (migration 144 kept a
-- whole-rupee step for them), and a bhavcopy day's fractional strike (IDEA 7.5) was rounded into it by a backtest's or
-- replay's book while its tradingsymbol kept the paise. Both columns now take a strike in rupees with paise.
-- double precision, not numeric: the readers take a number, as for every other column of these tables, and a strike
-- in paise multiples of 0.05 that NSE uses reads back as the same number it was written as.
ALTER TABLE instruments ALTER COLUMN strike TYPE double precision;
ALTER TABLE stock_simulation ALTER COLUMN strike_step TYPE double precision;

-- The 15 stocks whose NSE interval at the money was ₹2.50 on 16 December 2025 (migration 144's "fractional" rows).
UPDATE stock_simulation
SET strike_step = 2.5,
  strike_step_source = 'NSE options bhavcopy of 16 Dec 2025 (op16122025.csv): the December strikes nearest the close are ₹2.50 apart; as committed in vinnzy/stockreco (commit 4b06ada2)'
WHERE strike_step_source LIKE 'Model choice from the price band: NSE lists ₹2.50 strikes%';
