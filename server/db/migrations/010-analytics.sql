-- The analytics backend (issue 10), in the row shapes of openapi/analytics.yaml: market commentary, index
-- snapshots and screener signals, daily bars, strategy recommendations and the house strategy bots, read
-- through the PostgREST-style API at /analytics/rest/v1. index_config and candles are views over the
-- market's own tables, so the facts the market trades on and the bars it draws are never copied.
-- The rows are written by the analytics writer on the market's leader (server/services/analytics) and
-- seeded at start when empty; the README gives the same tables for a hosted Supabase project.

CREATE TABLE commentary (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  -- Plain text, paragraphs separated by blank lines: the PWA renders it as text, never as HTML.
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 4000),
  -- NULL for market-wide commentary.
  "index" text CHECK ("index" IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX')),
  sentiment text NOT NULL CHECK (sentiment IN ('bullish', 'bearish', 'neutral'))
);
CREATE INDEX commentary_newest_idx ON commentary (created_at DESC, id DESC);

-- Index snapshots (indicator NULL, symbol = the index) and screener signals (indicator 'screener', the
-- option in symbol and why it was flagged in signal).
CREATE TABLE data (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL,
  "index" text NOT NULL CHECK ("index" IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX')),
  symbol text NOT NULL CHECK (char_length(symbol) BETWEEN 1 AND 40),
  spot numeric(12, 2) NOT NULL CHECK (spot >= 0),
  change numeric(12, 2) NOT NULL,
  change_pct numeric(9, 2) NOT NULL,
  pcr numeric(7, 2) CHECK (pcr >= 0),
  max_pain numeric(12, 2),
  iv numeric(7, 2) CHECK (iv >= 0),
  vix numeric(7, 2) CHECK (vix >= 0),
  call_oi bigint CHECK (call_oi >= 0),
  put_oi bigint CHECK (put_oi >= 0),
  indicator text CHECK (indicator = 'screener'),
  signal text CHECK (char_length(signal) <= 300),
  CHECK ((indicator IS NULL) = (signal IS NULL))
);
CREATE INDEX data_newest_idx ON data (created_at DESC, id DESC);
CREATE INDEX data_screener_idx ON data (indicator, created_at DESC) WHERE indicator IS NOT NULL;

-- One bar per index and trading day (IST), written when the session is over.
CREATE TABLE daily_data (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL,
  date date NOT NULL,
  "index" text NOT NULL CHECK ("index" IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX')),
  open numeric(12, 2) NOT NULL,
  high numeric(12, 2) NOT NULL,
  low numeric(12, 2) NOT NULL,
  close numeric(12, 2) NOT NULL,
  -- Option contracts of the index traded that day.
  volume bigint NOT NULL CHECK (volume >= 0),
  change numeric(12, 2) NOT NULL,
  change_pct numeric(9, 2) NOT NULL,
  pcr numeric(7, 2) CHECK (pcr >= 0),
  max_pain numeric(12, 2),
  iv numeric(7, 2) CHECK (iv >= 0),
  vix numeric(7, 2) CHECK (vix >= 0),
  UNIQUE ("index", date),
  CHECK (low <= open AND low <= close AND high >= open AND high >= close)
);

-- Strategy recommendations, shown in display_order. legs: [{tradingsymbol, exchange, transaction_type,
-- lots, price}]; max_profit and max_loss in rupees per set of lots, NULL when unlimited.
CREATE TABLE screener (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  display_order integer NOT NULL CHECK (display_order >= 0),
  created_at timestamptz NOT NULL,
  "index" text NOT NULL CHECK ("index" IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  strategy text NOT NULL CHECK (strategy ~ '^[a-z][a-z0-9_]*$'),
  view text NOT NULL CHECK (view IN ('bullish', 'bearish', 'neutral', 'volatile')),
  rationale text NOT NULL,
  legs jsonb NOT NULL CHECK (jsonb_typeof(legs) = 'array' AND jsonb_array_length(legs) >= 1),
  max_profit numeric(14, 2),
  max_loss numeric(14, 2) CHECK (max_loss >= 0),
  breakevens jsonb NOT NULL CHECK (jsonb_typeof(breakevens) = 'array'),
  valid_until timestamptz
);
CREATE INDEX screener_order_idx ON screener (display_order, id);

-- The house strategy bots and their track record. equity_curve: [{date, equity}], the capital plus the
-- cumulative P&L at each session's close since `since`.
CREATE TABLE bots (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (char_length(name) BETWEEN 1 AND 100),
  strategy text NOT NULL CHECK (strategy ~ '^[a-z][a-z0-9_]*$'),
  underlying text NOT NULL CHECK (underlying IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX')),
  description text NOT NULL,
  capital numeric(15, 2) NOT NULL CHECK (capital >= 0),
  pnl numeric(15, 2) NOT NULL,
  pnl_pct numeric(9, 2) NOT NULL,
  win_rate numeric(5, 2) NOT NULL CHECK (win_rate BETWEEN 0 AND 100),
  trades integer NOT NULL CHECK (trades >= 0),
  max_drawdown_pct numeric(7, 2) NOT NULL CHECK (max_drawdown_pct >= 0),
  equity_curve jsonb NOT NULL CHECK (jsonb_typeof(equity_curve) = 'array'),
  since date NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The index facts (migration 002) in the contract's shape: one id per row, the expiry weekday split into
-- weekly (NULL for monthly-only indices) and monthly (the last such weekday of the month).
ALTER TABLE index_config ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY;
ALTER TABLE index_config ADD CONSTRAINT index_config_id_key UNIQUE (id);
CREATE VIEW analytics_index_config AS
SELECT id, index_name AS "index", exchange, lot_size, strike_step, freeze_quantity,
       CASE WHEN expiry_cycle = 'weekly' THEN expiry_weekday END::integer AS weekly_expiry_weekday,
       expiry_weekday::integer AS monthly_expiry_weekday, effective_from
FROM index_config;

-- Option contracts of the index traded in each minute (simulator.ts tickOptionVolume): the candles' volume.
ALTER TABLE market_candles ADD COLUMN volume bigint NOT NULL DEFAULT 0 CHECK (volume >= 0);

-- Bars at 1, 5 and 15 minutes from the simulator's minute bars; 5 and 15 are aggregated on read.
CREATE VIEW analytics_candles AS
SELECT index_name AS "index", '1m'::text AS "interval", minute AS "time", open, high, low, close, volume
FROM market_candles
UNION ALL
SELECT index_name, '5m'::text, bucket, (array_agg(open ORDER BY minute))[1], max(high), min(low),
       (array_agg(close ORDER BY minute DESC))[1], sum(volume)::bigint
FROM (SELECT *, date_bin('5 minutes', minute, timestamptz '2000-01-01 00:00:00+00') AS bucket FROM market_candles) AS bars
GROUP BY index_name, bucket
UNION ALL
SELECT index_name, '15m'::text, bucket, (array_agg(open ORDER BY minute))[1], max(high), min(low),
       (array_agg(close ORDER BY minute DESC))[1], sum(volume)::bigint
FROM (SELECT *, date_bin('15 minutes', minute, timestamptz '2000-01-01 00:00:00+00') AS bucket FROM market_candles) AS bars
GROUP BY index_name, bucket;
