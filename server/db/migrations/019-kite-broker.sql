-- Live trading through Zerodha's Kite Connect (server/services/brokers/kite-broker/). Kite keeps the orders,
-- trades, positions and funds; it knows nothing of StrikeDesk's portfolios and bots. So StrikeDesk keeps a
-- mirror of the orders it placed on a live account and of their trades, fed by the place answer, postbacks
-- and periodic /orders reads, which is where a portfolio's P&L and the positions of each bot come from.
-- Account-level positions and funds are always read from Kite itself.
INSERT INTO brokers (id, slug, display_name) VALUES (2, 'kite', 'Zerodha (Kite Connect)');

-- What an order tag meant when StrikeDesk sent it, written before the place call: an order found later by
-- its tag alone (a lost answer, a postback for an order whose answer never came) is attributed from here.
CREATE TABLE kite_tags (
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  tag text NOT NULL CHECK (char_length(tag) BETWEEN 1 AND 20),
  portfolio_id integer REFERENCES portfolios (id) ON DELETE SET NULL,
  bot_kind text CHECK (bot_kind IN ('trading', 'daily')),
  bot_id integer,
  purpose text NOT NULL CHECK (purpose IN ('entry', 'stoploss', 'target', 'squareoff', 'auto_squareoff')),
  oco_group text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (broker_account_id, tag)
);

-- The orders StrikeDesk placed on Kite, at the last state seen. Kite's own status is kept verbatim (its
-- transient ones too: OPEN PENDING, MODIFY PENDING...); the adapter maps it for the contract. Money in paise.
CREATE TABLE kite_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  order_id text NOT NULL,
  -- The autoslice parent this order is a slice of (Kite answers the parent's id with the children).
  parent_order_id text,
  exchange_order_id text,
  tag text,
  portfolio_id integer REFERENCES portfolios (id) ON DELETE SET NULL,
  bot_kind text CHECK (bot_kind IN ('trading', 'daily')),
  bot_id integer,
  purpose text NOT NULL CHECK (purpose IN ('entry', 'stoploss', 'target', 'squareoff', 'auto_squareoff')),
  -- A stop-loss and a target protecting one position: when one fills, StrikeDesk cancels the other.
  oco_group text,
  variety text NOT NULL,
  exchange text NOT NULL,
  tradingsymbol text NOT NULL,
  instrument_token integer NOT NULL,
  transaction_type text NOT NULL CHECK (transaction_type IN ('BUY', 'SELL')),
  -- As Kite's book says now (a protected MARKET order reads LIMIT once Kite converted it) ...
  order_type text NOT NULL,
  -- ... and as StrikeDesk sent it.
  requested_order_type text NOT NULL,
  product text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  price_paise bigint NOT NULL DEFAULT 0,
  trigger_price_paise bigint NOT NULL DEFAULT 0,
  status text NOT NULL,
  status_message text,
  filled_quantity integer NOT NULL DEFAULT 0,
  pending_quantity integer NOT NULL DEFAULT 0,
  cancelled_quantity integer NOT NULL DEFAULT 0,
  -- Kite's average price × filled quantity, rounded to the paisa.
  filled_value_paise bigint NOT NULL DEFAULT 0,
  -- Percent sent with a MARKET or SL-M order (-1: Kite's automatic protection); null for other orders.
  market_protection numeric(6, 2),
  -- Kite turned this MARKET order into a LIMIT at `price_paise` (its "mktp" tag).
  converted_to_limit boolean NOT NULL DEFAULT false,
  modifications integer NOT NULL DEFAULT 0 CHECK (modifications BETWEEN 0 AND 25),
  -- What this order cost (Kite's /charges/orders), once complete; null until then.
  charges_paise bigint,
  trading_day date NOT NULL,
  placed_at timestamptz NOT NULL,
  exchange_at timestamptz,
  updated_at timestamptz NOT NULL,
  -- The intent this order was planned for and its number in the plan (the order pipeline's), so that an
  -- order is placed at most once per intent and number; null for the kill switch's and protective orders.
  intent_ref text,
  intent_slice integer,
  UNIQUE (broker_account_id, order_id)
);
CREATE UNIQUE INDEX kite_orders_intent_idx ON kite_orders (broker_account_id, intent_ref, intent_slice) WHERE intent_ref IS NOT NULL;
CREATE INDEX kite_orders_account_day_idx ON kite_orders (broker_account_id, trading_day);
CREATE INDEX kite_orders_tag_idx ON kite_orders (broker_account_id, tag);
CREATE INDEX kite_orders_working_idx ON kite_orders (broker_account_id) WHERE status NOT IN ('COMPLETE', 'CANCELLED', 'REJECTED');
CREATE INDEX kite_orders_bot_idx ON kite_orders (bot_kind, bot_id) WHERE bot_id IS NOT NULL;

-- Each numbered order of an intent as it was sent, written before the place call: an order Kite booked but
-- whose answer never came is found later in Kite's book by its tag alone, and matched here to the lowest
-- number of the same contract, side and quantity still without an order, which tells its number and whose
-- it is. A send without an order once Kite's book was read after it was never booked and may go again.
CREATE TABLE kite_sends (
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  intent_ref text NOT NULL,
  intent_slice integer NOT NULL,
  tag text NOT NULL,
  exchange text NOT NULL,
  tradingsymbol text NOT NULL,
  transaction_type text NOT NULL CHECK (transaction_type IN ('BUY', 'SELL')),
  quantity integer NOT NULL,
  portfolio_id integer REFERENCES portfolios (id) ON DELETE SET NULL,
  bot_kind text CHECK (bot_kind IN ('trading', 'daily')),
  bot_id integer,
  purpose text NOT NULL CHECK (purpose IN ('entry', 'stoploss', 'target', 'squareoff', 'auto_squareoff')),
  order_id text,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (broker_account_id, intent_ref, intent_slice)
);
CREATE INDEX kite_sends_tag_idx ON kite_sends (broker_account_id, tag) WHERE order_id IS NULL;

-- The fills of mirrored orders, for portfolio and bot attribution (the order says whose they are).
CREATE TABLE kite_trades (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  trade_id text NOT NULL,
  order_id text NOT NULL,
  portfolio_id integer REFERENCES portfolios (id) ON DELETE SET NULL,
  instrument_token integer NOT NULL,
  exchange text NOT NULL,
  tradingsymbol text NOT NULL,
  product text NOT NULL,
  transaction_type text NOT NULL CHECK (transaction_type IN ('BUY', 'SELL')),
  quantity integer NOT NULL CHECK (quantity > 0),
  price_paise bigint NOT NULL CHECK (price_paise >= 0),
  trading_day date NOT NULL,
  filled_at timestamptz NOT NULL,
  UNIQUE (broker_account_id, trade_id),
  FOREIGN KEY (broker_account_id, order_id) REFERENCES kite_orders (broker_account_id, order_id) ON DELETE CASCADE
);
CREATE INDEX kite_trades_account_idx ON kite_trades (broker_account_id, instrument_token, product);
CREATE INDEX kite_trades_order_idx ON kite_trades (broker_account_id, order_id);

-- Every Kite API call that counts against a limit, written before the call, so every server instance
-- counts the same calls: order writes (10 a second, 400 a minute, 5,000 a day per account) and quotes
-- (1 a second). Rows older than two days are deleted as new ones are written.
CREATE TABLE kite_api_calls (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('order', 'quote')),
  at timestamptz NOT NULL
);
CREATE INDEX kite_api_calls_account_idx ON kite_api_calls (broker_account_id, kind, at);

-- What every bot traded, on whichever broker: the bot engine's reads (what a bot holds, its day's P&L) go
-- through this view instead of knowing each broker's tables. Kite's charges are known per order once it
-- completes; each fill carries its share.
CREATE VIEW bot_trades AS
  SELECT o.bot_kind, o.bot_id, o.portfolio_id, t.exchange, t.tradingsymbol, t.product, t.transaction_type, t.quantity, t.price_paise,
    t.brokerage_paise + t.stt_paise + t.exchange_paise + t.sebi_paise + t.gst_paise + t.stamp_paise AS charges_paise, t.trading_day
  FROM paper_orders o JOIN paper_trades t ON t.order_id = o.order_id
  WHERE o.bot_id IS NOT NULL
  UNION ALL
  SELECT o.bot_kind, o.bot_id, o.portfolio_id, t.exchange, t.tradingsymbol, t.product, t.transaction_type, t.quantity, t.price_paise,
    CASE WHEN o.charges_paise IS NULL OR o.filled_quantity = 0 THEN 0 ELSE round(o.charges_paise::numeric * t.quantity / o.filled_quantity)::bigint END,
    t.trading_day
  FROM kite_orders o JOIN kite_trades t ON t.broker_account_id = o.broker_account_id AND t.order_id = o.order_id
  WHERE o.bot_id IS NOT NULL;

-- When the leader last read an account's /orders for its working orders (kite-broker/order-sync.ts): taken
-- with a compare-and-set on polled_at, so one instance reads each account at most every few seconds.
CREATE TABLE kite_order_polls (
  broker_account_id integer PRIMARY KEY REFERENCES broker_accounts (id) ON DELETE CASCADE,
  polled_at timestamptz NOT NULL
);
