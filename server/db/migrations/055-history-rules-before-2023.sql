-- The rules in force on the days before April 2023 that market history can hold (issue 39: "any day in market
-- history replays"; NSE's older bhavcopy layout reaches back years). A replay or a backtest of such a day
-- charged its first order with no rate in force (charge_rates began on 1 April 2023), blocked margin with no
-- parameters (margin_params began on 4 July 2024) and sized lots with today's lot size (the older layout
-- carries no lot size; index_config began on 30 December 2025): a 500, or a wrong number. Each row names its
-- source; where no source dates a fact, no row is written, and a replay of a day it would need is refused
-- before it starts (422 replay_rules_unknown, services/replay/replay-rules.ts says which fact and from when).

-- 1. Options charges on NSE (NFO-OPT). Stamp duty has been one rate in all of India only since 1 July 2020
--    (Indian Stamp Act as amended by the Finance Act 2019, deferred by the Government's notification of
--    30 March 2020: 0.003 % of premium on the buy side); before that each state charged its own on the
--    client's address, so no row starts earlier.
--    - STT on the sale of options 0.05 % of premium from 1 June 2016 (Finance Act 2016, up from 0.017 %); on
--      exercise 0.125 % of the intrinsic value (Finance (No. 2) Act 2019 restricted it to the difference
--      between settlement and strike price). 0.0625 % from 1 April 2023 is migration 053's row.
--    - NSE's transaction charge on options ₹5,000 a crore of premium (0.05 %), raised 6 % from 1 January 2021
--      (₹5,300 a crore, 0.053 %: the rate brokers' contract notes showed) and rolled back from 1 April 2023
--      (NSE press release of 24 March 2023, "roll back of the 6 % increase in transaction charges … effective
--      April 1, 2023").
--    - SEBI's turnover fee ₹10 a crore from 1 April 2019 (SEBI/LAD-NRO/GN/2019/03), half of it from 1 June 2020
--      to 31 March 2021 (SEBI (Payment of Fees) (Amendment) Regulations 2020, SEBI/LAD-NRO/GN/2020/011).
--    - GST 18 % (since 1 July 2017); brokerage, auto square-off and exercise lines as in migration 053's row
--      (the paper broker's own schedule, not a fact of the day).
INSERT INTO charge_rates (segment, effective_from, brokerage_per_order_paise, stt_sell_rate, exchange_rate, sebi_rate, gst_rate, stamp_buy_rate,
  stt_exercise_rate, auto_squareoff_per_order_paise, exercise_brokerage_per_order_paise, exercise_exchange_rate, exercise_sebi_rate, exercise_stamp_rate, source)
SELECT 'NFO-OPT', rules.effective_from::date, brokerage_per_order_paise, 0.0005, rules.exchange_rate, rules.sebi_rate, 0.18, 0.00003,
  0.00125, auto_squareoff_per_order_paise, exercise_brokerage_per_order_paise, exercise_exchange_rate, exercise_sebi_rate, exercise_stamp_rate,
  'Finance Act 2016: STT on options 0.05 % of premium from 1 June 2016, 0.125 % of intrinsic value on exercise (Finance (No. 2) Act 2019); '
    || 'uniform stamp duty 0.003 % on buys from 1 July 2020 (Finance Act 2019, notification of 30 March 2020); ' || rules.note
    || '; ' || substring(charge_rates.source from 'on exercise and assignment at expiry.*?no stamp duty on cash-settled index options[^;]*')
    || '; the other lines as from 1 April 2023'
FROM charge_rates
CROSS JOIN (VALUES
  ('2020-07-01', 0.0005, 0.0000005, 'NSE transaction charge 0.05 % of premium (₹5,000 a crore); SEBI fee ₹5 a crore, halved from 1 June 2020 to 31 March 2021 (SEBI/LAD-NRO/GN/2020/011)'),
  ('2021-01-01', 0.00053, 0.0000005, 'NSE transaction charge raised 6 % from 1 January 2021 to 0.053 % of premium (NSE press release, 24 March 2023); SEBI fee ₹5 a crore until 31 March 2021 (SEBI/LAD-NRO/GN/2020/011)'),
  ('2021-04-01', 0.00053, 0.000001, 'NSE transaction charge 0.053 % of premium until 31 March 2023 (NSE press release, 24 March 2023); SEBI fee ₹10 a crore (SEBI/LAD-NRO/GN/2019/03)')
) AS rules (effective_from, exchange_rate, sebi_rate, note)
WHERE segment = 'NFO-OPT' AND charge_rates.effective_from = DATE '2023-04-01';

-- 2. Margin parameters of NSE's index options from 30 November 2018 until NSE Clearing's recalibration of
--    4 July 2024 (migration 020's first row): the price scan range the higher of 3 sigma or 7 % of the
--    underlying (NSE Clearing's circular on Additional Surveillance Margin after NCL/CMPT/38768 of
--    1 September 2018, the last of its steps, from 30 November 2018), the volatility scan 4 % and the short
--    option minimum 3 % of notional (NSE Clearing's SPAN risk parameters for index options), and the exposure
--    margin 3 % of notional (the same circular: initial and exposure margin in index options "cover risk for
--    around 6 % change" with a 3 % price scan, 10 % with 7 %). As migration 020 does for 9.3 %, the floor is
--    the range: three daily sigmas of these indices are below 7 % on all but a few days of March 2020. SENSEX
--    options (BSE, relaunched May 2023) get no row: BSE's parameters of then are not dated in any source here.
INSERT INTO margin_params (index_name, effective_from, price_scan, volatility_scan, exposure_rate, short_option_minimum, expiry_day_exposure_rate, expiring_calendar_offset, source)
SELECT index_name, DATE '2018-11-30', 0.0700, 0.0400, 0.0300, 0.0300, 0, true,
  'NSE Clearing, Additional Surveillance Margin (after NCL/CMPT/38768, 1 Sep 2018): index options price scan the higher of 3 sigma or 7 % from 30 Nov 2018; '
    || 'volatility scan 4 %, short option minimum 3 % (NSE Clearing SPAN risk parameters); exposure 3 % of notional on index options'
FROM (VALUES ('NIFTY'), ('BANKNIFTY'), ('FINNIFTY'), ('MIDCPNIFTY')) AS indices (index_name);

-- 3. Lot sizes before the bhavcopy carried them (UDiFF's NewBrdLotQty from July 2024), where NSE's circulars
--    date them, for NIFTY: 75 in force on 31 March 2021 (NSE/FAOP/47854), 50 from the expiry of the last
--    75-lot contract (the July 2021 monthly and the August 2021 weeklies on: 50 from 30 July 2021), 25 for the
--    contracts from 26 April 2024 (NSE circular of 3 April 2024), 75 from 20 November 2024 (NSE circular of
--    18 October 2024, SEBI's ₹15 lakh minimum contract value), 65 from 30 December 2025 (migration 002). A
--    day the recorder alone holds (no bhavcopy) reads these too. The other indices' lots of those years are not
--    dated by a source here: a day of theirs whose file has no lot size is refused. Strike step, freeze
--    quantity and exchange are today's rows'; the expiry weekday and cycle are the file's
--    (backtests/history-market.ts reads them from the day's expiries).
INSERT INTO index_config (index_name, effective_from, lot_size, strike_step, freeze_quantity, expiry_cycle, expiry_weekday, exchange)
SELECT index_name, lots.effective_from::date, lots.lot_size, strike_step, greatest(freeze_quantity, lots.lot_size), lots.cycle, 4, exchange
FROM index_config
JOIN (VALUES
  ('NIFTY', '2021-03-31', 75, 'weekly'),
  ('NIFTY', '2021-07-30', 50, 'weekly'),
  ('NIFTY', '2024-04-26', 25, 'weekly'),
  ('NIFTY', '2024-11-20', 75, 'weekly')
) AS lots (name, effective_from, lot_size, cycle) ON lots.name = index_config.index_name
WHERE index_config.effective_from = DATE '2025-12-30';
