-- Paper trading: the paper broker's orders and trades, the charges and margin rules it applies (as
-- effective-dated data, like the index facts), and the order counters its rate limits read.
-- Money is integer paise (bigint) in these tables: a price of ₹142.35 is 14235. Quantities are units.

-- What a trade costs, per exchange segment, from a date on. Rates are fractions of turnover (0.0015 is
-- 0.15 %); brokerage is per executed order. When SEBI or an exchange revises a rate, a new row with its
-- effective date is all it takes, and old trades keep the charges that applied to them.
CREATE TABLE charge_rates (
  segment text NOT NULL CHECK (segment IN ('NFO-OPT', 'BFO-OPT')),
  effective_from date NOT NULL,
  brokerage_per_order_paise bigint NOT NULL CHECK (brokerage_per_order_paise >= 0),
  -- Securities transaction tax, sell side, on premium.
  stt_sell_rate numeric(10, 8) NOT NULL CHECK (stt_sell_rate >= 0),
  -- Exchange transaction charges, both sides, on premium.
  exchange_rate numeric(10, 8) NOT NULL CHECK (exchange_rate >= 0),
  -- SEBI turnover fees: ₹10 per crore is 0.000001.
  sebi_rate numeric(10, 8) NOT NULL CHECK (sebi_rate >= 0),
  -- GST on brokerage + exchange charges + SEBI fees.
  gst_rate numeric(10, 8) NOT NULL CHECK (gst_rate >= 0),
  -- Stamp duty, buy side.
  stamp_buy_rate numeric(10, 8) NOT NULL CHECK (stamp_buy_rate >= 0),
  -- STT on the intrinsic value of a bought option exercised (settled in the money) at expiry.
  stt_exercise_rate numeric(10, 8) NOT NULL CHECK (stt_exercise_rate >= 0),
  source text NOT NULL,
  PRIMARY KEY (segment, effective_from)
);
INSERT INTO charge_rates VALUES
  -- After SEBI's "true to label" circular of 1 October 2024 (NSE 0.03503 %, BSE 0.0325 %) and the
  -- October 2024 STT rise to 0.1 % of premium.
  ('NFO-OPT', '2024-10-01', 2000, 0.001, 0.0003503, 0.000001, 0.18, 0.00003, 0.00125, 'Zerodha charges list, October 2024'),
  ('BFO-OPT', '2024-10-01', 2000, 0.001, 0.000325, 0.000001, 0.18, 0.00003, 0.00125, 'Zerodha charges list, October 2024'),
  -- Union Budget 2026: STT on options premium 0.15 % (and on exercise 0.15 %) from 1 April 2026; NSE revised its charge to 0.03553 %.
  ('NFO-OPT', '2026-04-01', 2000, 0.0015, 0.0003553, 0.000001, 0.18, 0.00003, 0.0015, 'Brokers'' charge lists, April 2026'),
  ('BFO-OPT', '2026-04-01', 2000, 0.0015, 0.000325, 0.000001, 0.18, 0.00003, 0.0015, 'Brokers'' charge lists, April 2026');

-- The margin estimate's parameters per index (the README's "Margin" section explains the method): the
-- price scan range (SPAN's worst likely one-day move, as a fraction of spot), the volatility scan (in
-- volatility points), the exposure margin on short options (a fraction of notional) and the short option
-- minimum (a fraction of notional per unit short, net of longs).
CREATE TABLE margin_params (
  index_name text NOT NULL REFERENCES market_simulation (index_name),
  effective_from date NOT NULL,
  price_scan numeric(6, 4) NOT NULL CHECK (price_scan > 0 AND price_scan < 1),
  volatility_scan numeric(6, 4) NOT NULL CHECK (volatility_scan >= 0 AND volatility_scan < 1),
  exposure_rate numeric(6, 4) NOT NULL CHECK (exposure_rate >= 0 AND exposure_rate < 1),
  short_option_minimum numeric(6, 4) NOT NULL CHECK (short_option_minimum >= 0 AND short_option_minimum < 1),
  PRIMARY KEY (index_name, effective_from)
);
INSERT INTO margin_params VALUES
  ('NIFTY', '2025-01-01', 0.0700, 0.0400, 0.0200, 0.0300),
  ('BANKNIFTY', '2025-01-01', 0.0800, 0.0400, 0.0200, 0.0300),
  ('FINNIFTY', '2025-01-01', 0.0750, 0.0400, 0.0200, 0.0300),
  ('MIDCPNIFTY', '2025-01-01', 0.0900, 0.0450, 0.0200, 0.0300),
  ('SENSEX', '2025-01-01', 0.0700, 0.0400, 0.0200, 0.0300);

CREATE SEQUENCE paper_order_seq;
CREATE SEQUENCE paper_trade_seq;

CREATE TABLE paper_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Kite-like: the IST date (yymmdd) and a sequence, 15 digits.
  order_id text NOT NULL UNIQUE,
  exchange_order_id text,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  portfolio_id integer REFERENCES portfolios (id) ON DELETE SET NULL,
  instrument_token integer NOT NULL REFERENCES instruments (instrument_token),
  exchange text NOT NULL CHECK (exchange IN ('NFO', 'BFO')),
  tradingsymbol text NOT NULL,
  transaction_type text NOT NULL CHECK (transaction_type IN ('BUY', 'SELL')),
  order_type text NOT NULL CHECK (order_type IN ('MARKET', 'LIMIT', 'SL', 'SL-M')),
  product text NOT NULL CHECK (product IN ('MIS', 'NRML')),
  quantity integer NOT NULL CHECK (quantity > 0),
  price_paise bigint NOT NULL CHECK (price_paise >= 0),
  trigger_price_paise bigint NOT NULL CHECK (trigger_price_paise >= 0),
  filled_quantity integer NOT NULL DEFAULT 0 CHECK (filled_quantity >= 0),
  -- Σ fill quantity × fill price: the average price is this over filled_quantity, rounded at the edge.
  filled_value_paise bigint NOT NULL DEFAULT 0,
  cancelled_quantity integer NOT NULL DEFAULT 0 CHECK (cancelled_quantity >= 0),
  status text NOT NULL CHECK (status IN ('OPEN', 'TRIGGER PENDING', 'COMPLETE', 'CANCELLED', 'REJECTED')),
  status_message text,
  tag text,
  -- What placed it: the trader's ticket, a stop-loss or target protecting a position, a square-off, the
  -- broker's own MIS square-off or expiry settlement.
  purpose text NOT NULL CHECK (purpose IN ('entry', 'stoploss', 'target', 'squareoff', 'auto_squareoff')),
  -- A stop-loss and a target protecting one position share a group: one filling cancels the other.
  oco_group bigint,
  modifications integer NOT NULL DEFAULT 0 CHECK (modifications BETWEEN 0 AND 25),
  trading_day date NOT NULL,
  placed_at timestamptz NOT NULL,
  exchange_at timestamptz,
  updated_at timestamptz NOT NULL,
  CHECK (filled_quantity + cancelled_quantity <= quantity)
);
CREATE INDEX paper_orders_account_day_idx ON paper_orders (broker_account_id, trading_day);
CREATE INDEX paper_orders_account_placed_idx ON paper_orders (broker_account_id, placed_at);
CREATE INDEX paper_orders_working_idx ON paper_orders (status) WHERE status IN ('OPEN', 'TRIGGER PENDING');
CREATE INDEX paper_orders_tag_idx ON paper_orders (broker_account_id, tag);

CREATE TABLE paper_trades (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  trade_id text NOT NULL UNIQUE,
  -- Null for an expiry settlement, which is no order.
  order_id text REFERENCES paper_orders (order_id) ON DELETE CASCADE,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  portfolio_id integer REFERENCES portfolios (id) ON DELETE SET NULL,
  instrument_token integer NOT NULL REFERENCES instruments (instrument_token),
  exchange text NOT NULL,
  tradingsymbol text NOT NULL,
  product text NOT NULL,
  transaction_type text NOT NULL CHECK (transaction_type IN ('BUY', 'SELL')),
  quantity integer NOT NULL CHECK (quantity > 0),
  price_paise bigint NOT NULL CHECK (price_paise >= 0),
  -- This fill's share of its order's charges, each component in paise (charges.ts).
  brokerage_paise bigint NOT NULL,
  stt_paise bigint NOT NULL,
  exchange_paise bigint NOT NULL,
  sebi_paise bigint NOT NULL,
  gst_paise bigint NOT NULL,
  stamp_paise bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('fill', 'settlement')),
  trading_day date NOT NULL,
  filled_at timestamptz NOT NULL
);
CREATE INDEX paper_trades_account_idx ON paper_trades (broker_account_id, instrument_token, product);
CREATE INDEX paper_trades_account_day_idx ON paper_trades (broker_account_id, trading_day);
