-- Orders a broker accepts today (issue 60): what each broker refuses from an API algo, as dated rows with their
-- source; the re-pricing defaults, modelled on AlgoTest's practice, with theirs; an execution policy per broker
-- account (none stored: the defaults the broker's rules choose); a paper account's "behave like a limit-only
-- broker"; and every order the re-pricing executor works, with each of its steps (server/services/execution/).

-- A broker's rule for orders sent from an API algo, in force from `effective_from`. `broker` is a slug whether or
-- not StrikeDesk has an adapter for it: Angel One has none, yet a paper account can follow its rules.
CREATE TABLE broker_order_rules (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broker text NOT NULL CHECK (broker ~ '^[a-z][a-z0-9_-]{1,31}$'),
  broker_name text NOT NULL CHECK (char_length(broker_name) BETWEEN 1 AND 60),
  -- no_market: MARKET orders refused; no_ioc: IOC validity refused; market_protection: MARKET taken only with a
  -- market_protection percentage; max_modifications: modifications an order takes (value), after which it
  -- must be cancelled and placed again.
  rule text NOT NULL CHECK (rule IN ('no_market', 'no_ioc', 'market_protection', 'max_modifications')),
  value integer,
  effective_from date NOT NULL,
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 300),
  UNIQUE (broker, rule, effective_from)
);
INSERT INTO broker_order_rules (broker, broker_name, rule, value, effective_from, source) VALUES
  ('angelone', 'Angel One', 'no_market', NULL, '2026-04-01', 'Angel One, "What''s changing in SmartAPI access from April 1, 2026" (SEBI retail-algo framework)'),
  ('angelone', 'Angel One', 'no_ioc', NULL, '2026-04-01', 'Angel One, "What''s changing in SmartAPI access from April 1, 2026" (SEBI retail-algo framework)'),
  ('kite', 'Zerodha Kite', 'market_protection', NULL, '2026-04-01', 'Kite Connect API documentation, orders: market_protection (retail-algo framework in force 1 Apr 2026)'),
  ('kite', 'Zerodha Kite', 'max_modifications', 25, '2021-01-01', 'Kite Connect API documentation, orders: at most 25 modifications an order'),
  ('paper', 'Paper broker', 'max_modifications', 25, '2021-01-01', 'Paper broker, as strict as Kite: at most 25 modifications an order');

-- What a policy that is not stored means, from `effective_from`. The re-pricing figures follow AlgoTest's
-- practice (LIMIT with a buffer of 8-10 % on options, re-priced for up to 50 s, then cancelled with an alert).
CREATE TABLE execution_defaults (
  effective_from date PRIMARY KEY,
  buffer_unit text NOT NULL CHECK (buffer_unit IN ('percent', 'ticks')),
  buffer_value numeric(6, 2) NOT NULL CHECK (buffer_value >= 0),
  interval_seconds integer NOT NULL CHECK (interval_seconds BETWEEN 1 AND 300),
  max_tries integer NOT NULL CHECK (max_tries BETWEEN 1 AND 100),
  max_seconds integer NOT NULL CHECK (max_seconds BETWEEN 1 AND 3600),
  entry_fallback text NOT NULL CHECK (entry_fallback IN ('cancel', 'market')),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 300)
);
INSERT INTO execution_defaults VALUES
  ('2026-04-01', 'percent', 8, 10, 5, 50, 'cancel', 'AlgoTest help, "Limit order execution update": LIMIT with an 8-10 % buffer, re-priced up to 50 s, then cancelled with an alert');

-- The trader's own policy of an account; without a row, the defaults above with the mode the broker's rules
-- choose (limit_reprice where MARKET is refused, else market).
CREATE TABLE execution_policies (
  broker_account_id integer PRIMARY KEY REFERENCES broker_accounts (id) ON DELETE CASCADE,
  mode text NOT NULL CHECK (mode IN ('market', 'limit_reprice')),
  buffer_unit text NOT NULL CHECK (buffer_unit IN ('percent', 'ticks')),
  buffer_value numeric(6, 2) NOT NULL CHECK (buffer_value >= 0 AND (buffer_unit = 'ticks' OR buffer_value <= 50)),
  interval_seconds integer NOT NULL CHECK (interval_seconds BETWEEN 1 AND 300),
  max_tries integer NOT NULL CHECK (max_tries BETWEEN 1 AND 100),
  max_seconds integer NOT NULL CHECK (max_seconds BETWEEN 1 AND 3600),
  entry_fallback text NOT NULL CHECK (entry_fallback IN ('cancel', 'market')),
  updated_at timestamptz NOT NULL
);

-- A paper account that follows a limit-only broker's rules (Angel One's): it refuses MARKET orders with that
-- broker's reason, so paper shows what live will do. Null: the paper broker's own rules (MARKET taken).
ALTER TABLE broker_accounts ADD COLUMN paper_rules_of text CHECK (paper_rules_of ~ '^[a-z][a-z0-9_-]{1,31}$');

-- An order the executor works: placed as LIMIT by the policy, re-priced every interval until it fills. A
-- cancel-and-replace (the broker's modification cap reached) moves `order_id` to the replacement, placed under
-- `intent_ref`~r<replacements> so that it is placed at most once.
CREATE TABLE repricing_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  order_id text NOT NULL,
  tag text,
  intent_ref text NOT NULL,
  intent_slice integer NOT NULL,
  exit boolean NOT NULL,
  exchange text NOT NULL,
  tradingsymbol text NOT NULL,
  side text NOT NULL CHECK (side IN ('BUY', 'SELL')),
  product text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  price_paise bigint NOT NULL,
  -- What a replacement is placed with (the broker's order does not say which bot placed it).
  portfolio_id integer,
  purpose text NOT NULL,
  bot_kind text CHECK (bot_kind IN ('trading', 'daily')),
  bot_id integer,
  -- The order being cancelled and placed again, until its replacement is recorded (a crash resumes it).
  replacing_order_id text,
  -- The policy it was placed under, as it stood then (a change of policy applies to the next orders).
  policy jsonb NOT NULL,
  tries integer NOT NULL DEFAULT 1,
  replacements integer NOT NULL DEFAULT 0,
  state text NOT NULL CHECK (state IN ('working', 'filled', 'cancelled', 'market', 'ended')),
  -- Set once an exit went past its try or time limit (the trader told once that it keeps going).
  over_limit_at timestamptz,
  started_at timestamptz NOT NULL,
  next_at timestamptz NOT NULL,
  -- An instance's lease while it works this order's step (outside any transaction).
  leased_until timestamptz,
  ended_at timestamptz,
  UNIQUE (broker_account_id, intent_ref, intent_slice)
);
CREATE INDEX repricing_orders_due_idx ON repricing_orders (next_at) WHERE state = 'working';
CREATE INDEX repricing_orders_order_idx ON repricing_orders (broker_account_id, order_id);

CREATE TABLE repricing_steps (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  repricing_id bigint NOT NULL REFERENCES repricing_orders (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  try integer NOT NULL,
  -- placed, repriced (a modification), held (the touch had not moved), replaced (cancel and place again),
  -- filled, cancelled (given up, or by someone else), market (an entry sent to the protected market), over_limit.
  reason text NOT NULL CHECK (reason IN ('placed', 'repriced', 'held', 'replaced', 'filled', 'cancelled', 'market', 'over_limit')),
  order_id text NOT NULL,
  old_price_paise bigint,
  new_price_paise bigint,
  bid_paise bigint,
  ask_paise bigint,
  last_paise bigint
);
CREATE INDEX repricing_steps_order_idx ON repricing_steps (repricing_id, id);
