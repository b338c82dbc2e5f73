-- Margins as the exchange computes them, and one rate for every figure (README "Margin").
--
-- 1. margin_params gets the expiry-day rules of SEBI's circular SEBI/HO/MRD/TPD-1/P/CIR/2024/132 of
--    1 October 2024, "Measures to strengthen equity index derivatives framework for increased investor
--    protection and market stability" (https://www.sebi.gov.in/legal/circulars/oct-2024/measures-to-strengthen-equity-index-derivatives-framework-for-increased-investor-protection-and-market-stability_87208.html):
--    an extra 2 % extreme loss margin on short options expiring that day (from 20 November 2024), and no
--    calendar-spread offset for contracts expiring that day (from 10 February 2025: NSE moved it from
--    1 February). Each row names its source.
-- 2. The scan parameters are recalibrated: NSE Clearing's SPAN risk parameters for index derivatives
--    (https://www.nseclearing.in/risk-management/equity-derivatives/span-risk-parameters, updated 4 July 2024)
--    set the price scan range at 6 standard deviations scaled by √2, subject to 9.3 % of the underlying, and
--    the volatility scan at 25 % of the EWMA volatility, at least 4 %. A simulated index's six-sigma
--    two-day move is below 9.3 % (NIFTY at 12 %: 6 × 0.76 % × √2 = 6.4 %), so 9.3 % is the range. Brokers'
--    calculators agree: an at-the-money NIFTY weekly sold alone shows SPAN of 9.3 % of the underlying
--    (tests/server/trading/margin-calibration.test.ts lists the examples and the error left).
-- 3. The market_simulation.rate column goes: the rate lives in quant/market-assumptions.ts, which the PWA
--    reads too.
-- 4. NSE's transaction charge on options with the Investor Protection Fund Trust levy, 0.0355299 % of
--    premium, is in force from 1 March 2026 (circular NSE/FA/73061), a month before the Budget's STT change.
--    The column takes the rate's seven significant digits.
ALTER TABLE margin_params
  ADD COLUMN expiry_day_exposure_rate numeric(6, 4) NOT NULL DEFAULT 0 CHECK (expiry_day_exposure_rate >= 0 AND expiry_day_exposure_rate < 1),
  ADD COLUMN expiring_calendar_offset boolean NOT NULL DEFAULT true,
  ADD COLUMN source text NOT NULL DEFAULT '';

-- The old rows were estimates, not history: the calibrated rows replace them.
DELETE FROM margin_params;
INSERT INTO margin_params (index_name, effective_from, price_scan, volatility_scan, exposure_rate, short_option_minimum, expiry_day_exposure_rate, expiring_calendar_offset, source)
SELECT index_name, effective_from::date, 0.0930, 0.0400, 0.0200, 0.0300, extra, offset_kept, source
FROM (VALUES ('NIFTY'), ('BANKNIFTY'), ('FINNIFTY'), ('MIDCPNIFTY'), ('SENSEX')) AS indices (index_name)
CROSS JOIN (VALUES
  ('2024-07-04', 0.0000, true, 'NSE Clearing SPAN risk parameters (index derivatives: price scan 9.3 %, volatility scan 4 %), exposure 2 % of notional on short index options'),
  ('2024-11-20', 0.0200, true, 'SEBI/HO/MRD/TPD-1/P/CIR/2024/132 (1 Oct 2024): +2 % ELM on short options expiring that day, from 20 Nov 2024'),
  ('2025-02-10', 0.0200, false, 'SEBI/HO/MRD/TPD-1/P/CIR/2024/132 (1 Oct 2024): no calendar-spread benefit for contracts expiring that day, from 10 Feb 2025 (NSE notice, moved from 1 Feb)')
) AS rules (effective_from, extra, offset_kept, source);

ALTER TABLE market_simulation DROP COLUMN rate;

ALTER TABLE charge_rates ALTER COLUMN exchange_rate TYPE numeric(12, 10);
INSERT INTO charge_rates VALUES
  ('NFO-OPT', '2026-03-01', 2000, 0.001, 0.000355299, 0.000001, 0.18, 0.00003, 0.00125, 'NSE circular NSE/FA/73061: transaction charge with IPFT 0.0355299 % of premium from 1 March 2026');
UPDATE charge_rates SET exchange_rate = 0.000355299,
  source = 'Union Budget 2026: STT on options 0.15 % of premium (and on exercise) from 1 April 2026; NSE/FA/73061: 0.0355299 % with IPFT'
WHERE segment = 'NFO-OPT' AND effective_from = '2026-04-01';
