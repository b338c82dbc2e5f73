-- Issue 64: what a live broker charges on an order when its API prices no charges (Noren, Shoonya's and Flattrade's
-- order system, has no brokerage or charges call: NorenRestApiPy's routes and Noren's API documentation list
-- GetOrderMargin and SpanCalc, nothing for charges; read 1 December 2026). The ticket and the builder then show
-- the broker's published tariff: its brokerage from these dated rows, and the statutory charges (STT, the
-- exchange's transaction charge, SEBI's fee, stamp duty, GST) from charge_rates, the one place they are dated.
-- A broker with no row in force for the day and segment has its charges unpriced: nothing is guessed.
--
-- Shoonya (Finvasia), broker 5:
--   - Rs 0 an order in equity futures and options: "Finvasia Zero Brokerage Trading Plan (Year: 2024)", equity
--     futures Rs 0, equity options Rs 0 (topsharebrokers.com/brokerage-plan/finvasia, "Finvasia Brokerage Charges
--     List - Zero Brokerage Plan (Free Plan) 2024"). Dated from 1 Jan 2024, the year that page names; Shoonya was
--     zero-brokerage before that too, but no dated source for it was found.
--   - Rs 5 an executed order in equity derivatives: LoansJagat, "Finvasia Brokerage Calculator" (11 Feb 2026):
--     "a new fee structure ... an annual fee of Rs 499 per year for all active accounts, Rs 5 per trade for intraday,
--     equity and commodity derivatives trades". Its first day was not found: dated from that report. The yearly fee
--     is not an order's charge and is not priced.
-- Flattrade, broker 6: no row. Its own charges page (flattrade.in/charges, as stored) lists Rs 10 an executed order
--   for equity futures and options, but beside statutory rates in force only before 1 Apr 2023 (STT 0.05 % of
--   options premium), and Flattrade is widely described as zero-brokerage: no dated source settles which applies
--   now, so a Flattrade order's charges stay unpriced until one does.
CREATE TABLE broker_tariffs (
  broker_id integer NOT NULL REFERENCES brokers (id),
  segment text NOT NULL CHECK (segment IN ('NFO-OPT', 'BFO-OPT', 'NFO-FUT', 'BFO-FUT')),
  effective_from date NOT NULL,
  brokerage_per_order_paise bigint NOT NULL CHECK (brokerage_per_order_paise >= 0),
  -- A fraction of the order's value as brokerage, capped at brokerage_per_order_paise; null: the flat charge.
  brokerage_rate numeric(10, 8) CHECK (brokerage_rate IS NULL OR brokerage_rate >= 0),
  source text NOT NULL,
  PRIMARY KEY (broker_id, segment, effective_from)
);

INSERT INTO broker_tariffs (broker_id, segment, effective_from, brokerage_per_order_paise, brokerage_rate, source)
SELECT 5, segment, tariff.effective_from::date, tariff.paise, NULL, tariff.source
FROM (VALUES ('NFO-OPT'), ('BFO-OPT'), ('NFO-FUT'), ('BFO-FUT')) AS segments (segment)
CROSS JOIN (VALUES
  ('2024-01-01', 0, 'Finvasia Zero Brokerage Trading Plan (Year: 2024): equity futures Rs 0, equity options Rs 0 (topsharebrokers.com/brokerage-plan/finvasia)'),
  ('2026-02-11', 500, 'Finvasia''s new fee structure: Rs 5 per trade for intraday, equity and commodity derivatives (LoansJagat, "Finvasia Brokerage Calculator", 11 Feb 2026; first day not found, dated from the report)')
) AS tariff (effective_from, paise, source);

-- Option minutes fetched from a Dhan, Shoonya or Flattrade account (POST /api/market-history/broker-candles/ with
-- `options`): stored beside Upstox's and Kite's in history_option_minutes, each under its broker's name, with the
-- same record of which (source, contract, day) was fetched, so a fetch resumes and never asks twice.
ALTER TABLE history_option_minutes DROP CONSTRAINT history_option_minutes_source_check;
ALTER TABLE history_option_minutes ADD CONSTRAINT history_option_minutes_source_check
  CHECK (source IN ('upstox', 'kite', 'dhan', 'shoonya', 'flattrade', 'recorded', 'simulated'));
ALTER TABLE history_option_minute_fetches DROP CONSTRAINT history_option_minute_fetches_source_check;
ALTER TABLE history_option_minute_fetches ADD CONSTRAINT history_option_minute_fetches_source_check
  CHECK (source IN ('upstox', 'kite', 'dhan', 'shoonya', 'flattrade'));
