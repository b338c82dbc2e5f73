-- The options charges in force before 1 October 2024, so a day replayed or backtested from market history
-- before then (the history a trader imports reaches back to July 2024, where the margin rules begin) is charged
-- as it was, not refused for want of a rate (issue 39: a replay of 8 July 2024 failed its first order).
--   - STT on the sale of options 0.0625 % of premium from 1 April 2023 (Finance Act 2023, up from 0.05 %); on
--     exercise 0.125 % of intrinsic value, unchanged until October 2024.
--   - Exchange transaction charge 0.0495 % of premium on NSE and on BSE, as Zerodha charged it until 30 September
--     2024 (Nithin Kamath, "Impact of revision in Exchange Transaction Charges and STT", 1 October 2024: "STT
--     increases to 0.1% from 0.0625%, and transaction charge decreases to 0.035% from 0.0495%", and ₹2,050 a crore
--     net on BSE, whose new charge is 0.0325 %). Before SEBI's "true to label" circular the exchanges charged by
--     volume slabs; 0.0495 % is what a retail trader's contract note showed. Its start within 2023-24 is not
--     dated in the sources found, so this row starts with the STT it shares.
--   - Brokerage, SEBI's fee, GST, stamp duty and the exercise and auto square-off lines as in the October 2024 row.
INSERT INTO charge_rates (segment, effective_from, brokerage_per_order_paise, stt_sell_rate, exchange_rate, sebi_rate, gst_rate, stamp_buy_rate,
  stt_exercise_rate, auto_squareoff_per_order_paise, exercise_brokerage_per_order_paise, exercise_exchange_rate, exercise_sebi_rate, exercise_stamp_rate, source)
SELECT segment, DATE '2023-04-01', brokerage_per_order_paise, 0.000625, 0.000495, sebi_rate, gst_rate, stamp_buy_rate,
  0.00125, auto_squareoff_per_order_paise, exercise_brokerage_per_order_paise, exercise_exchange_rate, exercise_sebi_rate, exercise_stamp_rate,
  'Finance Act 2023: STT on options 0.0625 % of premium from 1 April 2023; exchange transaction charge 0.0495 % of premium (NSE and BSE) as Zerodha charged it until 30 September 2024 (Nithin Kamath, 1 October 2024); the other lines as from 1 October 2024'
    || substr(source, strpos(source, '; on exercise and assignment'))
FROM charge_rates WHERE effective_from = DATE '2024-10-01';
