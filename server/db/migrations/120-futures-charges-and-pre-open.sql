-- Issue 63: charges per segment for futures, and the F&O pre-open on BSE.
--
-- 1. Futures (index and stock) are charged on the contract's value (quantity × price), not a premium, at their own
--    rates: charge_rates gains the segments NFO-FUT and BFO-FUT, each row dated with its sources. Stock options are
--    charged as index options (the same NFO-OPT / BFO-OPT rows: no source found gives them other rates).
--    - STT on the sell side: 0.0125 % from 1 Apr 2023 (Finance Act 2023, up from 0.01 %); 0.02 % from 1 Oct 2024
--      (Finance (No. 2) Act 2024; Nithin Kamath, 1 Oct 2024: "STT will increase from 0.0125% to 0.02%"); 0.05 % from
--      1 Apr 2026 (Union Budget of 1 Feb 2026, the Finance Minister's speech: "I propose to raise the STT on Futures
--      to 0.05% from the present 0.02%", in force 1 Apr 2026 with the options' 0.15 % of migration 006 and 020).
--    - NSE's transaction charge: 0.00183 % as Zerodha charged it until 30 Sep 2024 (Kamath, 1 Oct 2024: "the
--      transaction charge slightly decreasing from 0.00183% to 0.00173%"); ₹1.73 a lakh each side (0.00173 %) from
--      1 Oct 2024 (NSE's circular under SEBI's "true to label" circular of 1 Jul 2024; Hindustan Times and
--      goodreturns, 27 Sep 2024); 0.00183 % from 1 Mar 2026, the charge with the Investor Protection Fund Trust's
--      0.0001 % (NSE/FA/73061, the circular migration 020 reads for options; brokers' 2026 charge lists print NSE
--      futures at 0.00183 % beside options at 0.03553 %). BSE charges none on index and stock futures (BSE's
--      revision of 1 Oct 2024: "there is no transaction fee for index and stock futures", Hindustan Times).
--    - Stamp duty 0.002 % on the buy side (Indian Stamp Act as amended, uniform from 1 Jul 2020; Zerodha's and HDFC
--      Sky's charge lists: "0.002% or ₹200 / crore on buy side"); SEBI's fee ₹10 a crore; GST 18 % on brokerage,
--      exchange charge and SEBI fee, as options.
--    - Brokerage: Zerodha's "0.03% or ₹20/executed order whichever is lower" for F&O futures (Zerodha charges
--      list), a rate of the order's value capped at the options' ₹20 (brokerage_rate, null: a flat charge an order).
--      The call-and-trade charge of an MIS square-off is the options' (₹50 + GST).
--    Futures at expiry: nothing is charged here (cash-settled index futures pay no STT at settlement; a stock
--    future's delivery is the physical-settlement slice's), so the exercise columns are 0.
ALTER TABLE charge_rates ADD COLUMN brokerage_rate numeric(10, 8) CHECK (brokerage_rate IS NULL OR brokerage_rate >= 0);
ALTER TABLE charge_rates DROP CONSTRAINT charge_rates_segment_check;
ALTER TABLE charge_rates ADD CONSTRAINT charge_rates_segment_check CHECK (segment IN ('NFO-OPT', 'BFO-OPT', 'NFO-FUT', 'BFO-FUT'));

INSERT INTO charge_rates (segment, effective_from, brokerage_per_order_paise, brokerage_rate, stt_sell_rate, exchange_rate, sebi_rate, gst_rate, stamp_buy_rate,
  stt_exercise_rate, auto_squareoff_per_order_paise, exercise_brokerage_per_order_paise, exercise_exchange_rate, exercise_sebi_rate, exercise_stamp_rate, source)
SELECT segment, effective_from::date, 2000, 0.0003, stt, exchange_rate, 0.000001, 0.18, 0.00002, 0, 5000, 0, 0, 0, 0,
  note || '; stamp duty 0.002 % on buys (uniform from 1 Jul 2020); SEBI ₹10 a crore; GST 18 %; brokerage 0.03 % or ₹20 an order, whichever is lower (Zerodha charges list, F&O futures); call and trade ₹50 + GST (Zerodha support)'
FROM (VALUES
  ('NFO-FUT', '2023-04-01', 0.000125, 0.0000183, 'Finance Act 2023: STT on futures 0.0125 % from 1 Apr 2023; NSE transaction charge 0.00183 % as Zerodha charged it until 30 Sep 2024 (Nithin Kamath, 1 Oct 2024)'),
  ('NFO-FUT', '2024-10-01', 0.0002, 0.0000173, 'Finance (No. 2) Act 2024: STT on futures 0.02 % from 1 Oct 2024; NSE transaction charge ₹1.73 a lakh each side (0.00173 %) from 1 Oct 2024 (NSE circular after SEBI''s true-to-label circular of 1 Jul 2024; Hindustan Times, 27 Sep 2024)'),
  ('NFO-FUT', '2026-03-01', 0.0002, 0.0000183, 'NSE/FA/73061: transaction charge with IPFT from 1 Mar 2026, futures 0.00173 % + 0.0001 % = 0.00183 % (brokers'' 2026 charge lists); STT on futures 0.02 %'),
  ('NFO-FUT', '2026-04-01', 0.0005, 0.0000183, 'Union Budget 2026 (speech of 1 Feb 2026): STT on futures 0.05 % (from 0.02 %) from 1 Apr 2026; NSE/FA/73061: 0.00183 % with IPFT'),
  ('BFO-FUT', '2023-04-01', 0.000125, 0, 'Finance Act 2023: STT on futures 0.0125 % from 1 Apr 2023; BSE charges no transaction fee on index and stock futures (Hindustan Times, 27 Sep 2024)'),
  ('BFO-FUT', '2024-10-01', 0.0002, 0, 'Finance (No. 2) Act 2024: STT on futures 0.02 % from 1 Oct 2024; BSE: no transaction fee on index and stock futures (BSE''s revision of 1 Oct 2024, Hindustan Times, 27 Sep 2024)'),
  ('BFO-FUT', '2026-04-01', 0.0005, 0, 'Union Budget 2026 (speech of 1 Feb 2026): STT on futures 0.05 % (from 0.02 %) from 1 Apr 2026; BSE: no transaction fee on futures')
) AS rows (segment, effective_from, stt, exchange_rate, note);

-- 2. BSE's derivatives pre-open for futures, from the same day as NSE's (BSE notice 20251110-40 of 10 Nov 2025; NSE's
--    circular NSE/FAOP/71092 of 3 Nov 2025; both summarised by 5paisa, "Introduction of Pre-Open Session in Equity
--    Derivatives (F&O) on NSE & BSE"): order entry 09:00-09:08 for current-month futures (next month's too in the
--    last five trading days before the current month's expiry), no options. Migration 075 gave BSE none; NSE's
--    rows keep their times and name the circular now.
INSERT INTO market_sessions (exchange, effective_from, open_time, close_time, close_price_from, close_price_to, pre_open_from, pre_open_to,
                             modification_until, mis_square_off, source, mis_source)
SELECT 'BSE', DATE '2025-12-08', open_time, close_time, close_price_from, close_price_to, '09:00', '09:08', modification_until, mis_square_off,
  'BSE notice 20251110-40 (10 Nov 2025): F&O pre-open for current-month index and stock futures, 09:00-09:08 order entry, from 8 Dec 2025', mis_source
FROM market_sessions WHERE exchange = 'BSE' AND effective_from = DATE '2000-01-01';
UPDATE market_sessions SET pre_open_from = '09:00', pre_open_to = '09:08',
  source = source || '; F&O pre-open 09:00-09:08 for current-month futures (BSE notice 20251110-40)'
WHERE exchange = 'BSE' AND effective_from = DATE '2026-08-03';
UPDATE market_sessions SET source = source || ' (NSE/FAOP/71092 of 3 Nov 2025: current-month futures, next month''s in the last five trading days before its expiry; no options, no stop-loss orders)'
WHERE exchange = 'NSE' AND effective_from = DATE '2025-12-08';
