-- What an index option settled in the money at expiry is charged (a bought option exercised, a sold one
-- assigned), line by line as Zerodha's contract note shows it, as effective-dated data with its source like
-- every other charge. Before this migration the settlement read the trading rows' brokerage and left the
-- other lines at zero in code; the rates in force are the same, now they are data a later row can change.
--   - Brokerage: ₹20 per settlement order, orders counted per freeze quantity, on the long and the short side
--     (Zerodha on TradingQnA, "ITM options Index options - Expiry - Brokerage/STT?", 2023, and "Charges on
--     exercised (ITM) Nifty Index Options"). GST at gst_rate on it.
--   - STT: stt_exercise_rate on the intrinsic value, bought options only (already data since migration 006).
--   - Exchange transaction charge and SEBI turnover fee: not levied. Both are charged on premium turnover, and a
--     cash settlement by the clearing corporation is no trade on the exchange (Upstox knowledge base, "If the
--     exchange settles a contract on its own, is the client required to pay any other charges?": no charge but
--     STT; Zerodha's support on exercise names STT alone besides the ₹20 brokerage).
--   - Stamp duty: not levied on cash-settled index options; the exchange levies it on the final settlement
--     value of physically settled stock derivatives only (Zerodha on TradingQnA, "Stamp Duty calculations",
--     November 2020, citing NSE circular 43116).
ALTER TABLE charge_rates
  ADD COLUMN exercise_brokerage_per_order_paise bigint NOT NULL DEFAULT 0 CHECK (exercise_brokerage_per_order_paise >= 0),
  -- Fractions of the settlement value (quantity × intrinsic value), each side of the settlement.
  ADD COLUMN exercise_exchange_rate numeric(12, 10) NOT NULL DEFAULT 0 CHECK (exercise_exchange_rate >= 0),
  ADD COLUMN exercise_sebi_rate numeric(10, 8) NOT NULL DEFAULT 0 CHECK (exercise_sebi_rate >= 0),
  ADD COLUMN exercise_stamp_rate numeric(10, 8) NOT NULL DEFAULT 0 CHECK (exercise_stamp_rate >= 0);

UPDATE charge_rates SET exercise_brokerage_per_order_paise = 2000,
  source = source || '; on exercise and assignment at expiry (in the money): ₹20 brokerage per settlement order + GST (Zerodha, TradingQnA 2023),'
    || ' STT on intrinsic value for bought options, no exchange transaction charge or SEBI fee (Upstox knowledge base: no charge but STT'
    || ' when the exchange settles), no stamp duty on cash-settled index options (Zerodha, TradingQnA 2020, NSE circular 43116)';
