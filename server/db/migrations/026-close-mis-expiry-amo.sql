-- MIS and the close as Zerodha runs them (issue 23, part 4).
--
-- The call-and-trade charge Zerodha bills on every order its risk desk places to square off an intraday
-- (MIS) position the trader left open at the cut-off: ₹50 per order, plus 18 % GST (gst_rate). It is the
-- broker's, so it is effective-dated with the other charges.
ALTER TABLE charge_rates ADD COLUMN auto_squareoff_per_order_paise bigint NOT NULL DEFAULT 0 CHECK (auto_squareoff_per_order_paise >= 0);
UPDATE charge_rates SET auto_squareoff_per_order_paise = 5000,
  source = source || '; call and trade (auto square-off) ₹50 + 18 % GST per order squared off by the broker: Zerodha support, "What are call and trade charges?" (support.zerodha.com, auto-square-off)';

-- That charge, on the trade of the order that carried it (zero on every other trade).
ALTER TABLE paper_trades ADD COLUMN call_and_trade_paise bigint NOT NULL DEFAULT 0;

-- After-market orders (Kite's variety "amo"): placed outside market hours, held by the broker and sent to
-- the exchange at the next open (amo_release_at), modifiable and cancellable meanwhile. The variety stays
-- "amo" after the open, as on Kite; amo_release_at is cleared once the order reached the exchange.
ALTER TABLE paper_orders
  ADD COLUMN variety text NOT NULL DEFAULT 'regular' CHECK (variety IN ('regular', 'amo')),
  ADD COLUMN amo_release_at timestamptz,
  ADD CONSTRAINT paper_orders_amo_release CHECK (amo_release_at IS NULL OR variety = 'amo');
CREATE INDEX paper_orders_amo_release_idx ON paper_orders (amo_release_at) WHERE amo_release_at IS NOT NULL;

-- A bot's trades count the call-and-trade charge too (the view of migration 019, with that column added).
CREATE OR REPLACE VIEW bot_trades AS
  SELECT o.bot_kind, o.bot_id, o.portfolio_id, t.exchange, t.tradingsymbol, t.product, t.transaction_type, t.quantity, t.price_paise,
    t.brokerage_paise + t.stt_paise + t.exchange_paise + t.sebi_paise + t.gst_paise + t.stamp_paise + t.call_and_trade_paise AS charges_paise, t.trading_day
  FROM paper_orders o JOIN paper_trades t ON t.order_id = o.order_id
  WHERE o.bot_id IS NOT NULL
  UNION ALL
  SELECT o.bot_kind, o.bot_id, o.portfolio_id, t.exchange, t.tradingsymbol, t.product, t.transaction_type, t.quantity, t.price_paise,
    CASE WHEN o.charges_paise IS NULL OR o.filled_quantity = 0 THEN 0 ELSE round(o.charges_paise::numeric * t.quantity / o.filled_quantity)::bigint END,
    t.trading_day
  FROM kite_orders o JOIN kite_trades t ON t.broker_account_id = o.broker_account_id AND t.order_id = o.order_id
  WHERE o.bot_id IS NOT NULL;
