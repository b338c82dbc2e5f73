-- The bot engine (server/services/bots/engine/): one run per bot and trading day, and every action a bot
-- takes as a row unique per bot, day, action and sequence. An action is claimed (inserted) in a transaction
-- before the broker call and completed after it, so a restart, a failover or a second instance can never act
-- twice: whoever inserts the row acts, everyone else finds it there.
CREATE TABLE bot_runs (
  bot_kind text NOT NULL CHECK (bot_kind IN ('trading', 'daily')),
  bot_id integer NOT NULL,
  trading_day date NOT NULL,
  portfolio_id integer NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
  state text NOT NULL CHECK (state IN ('waiting', 'in_position', 'exited', 'stopped', 'paused', 'not_today', 'missed')),
  reason text CHECK (char_length(reason) <= 500),
  -- Entries today (the first and every re-entry); the current sequence is this number.
  entries integer NOT NULL DEFAULT 0 CHECK (entries >= 0),
  re_entries_used integer NOT NULL DEFAULT 0 CHECK (re_entries_used >= 0),
  -- The current position's combined entry premium (paise, unsigned) and its best profit so far (trailing stop).
  entry_premium_paise bigint,
  peak_profit_paise bigint,
  -- The legs the current position was entered with: [{exchange, tradingsymbol, side, quantity, price_paise}].
  legs jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The candle whose signal the trading bot last acted on (a signal is acted on once).
  last_signal_at timestamptz,
  pnl_paise bigint,
  -- What a paused bot does with its position (keep_managing or exit_now); null when not paused in a position.
  pause_action text CHECK (pause_action IN ('keep_managing', 'exit_now')),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (bot_kind, bot_id, trading_day)
);
CREATE INDEX bot_runs_portfolio_idx ON bot_runs (portfolio_id, trading_day);

CREATE TABLE bot_actions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bot_kind text NOT NULL CHECK (bot_kind IN ('trading', 'daily')),
  bot_id integer NOT NULL,
  trading_day date NOT NULL,
  action text NOT NULL CHECK (action IN ('enter', 're_enter', 'exit', 'stop_loss', 'target', 'trailing_stop', 'leg_stop_loss', 'signal_exit', 'pause_exit')),
  sequence integer NOT NULL CHECK (sequence >= 1),
  phase text NOT NULL CHECK (phase IN ('entry', 'exit')),
  status text NOT NULL CHECK (status IN ('claimed', 'completed', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 1,
  claimed_at timestamptz NOT NULL,
  completed_at timestamptz,
  message text CHECK (char_length(message) <= 500),
  -- The idempotency key, also the orders' tag (Kite tags are at most 20 characters).
  idempotency_key text NOT NULL CHECK (char_length(idempotency_key) <= 20),
  order_ids text[] NOT NULL DEFAULT '{}',
  UNIQUE (bot_kind, bot_id, trading_day, action, sequence)
);
-- One live exit per position: two instances choosing different exits (target and exit time) for the same
-- sequence at once cannot both claim one. A failed exit steps aside for the retry.
CREATE UNIQUE INDEX bot_actions_one_exit ON bot_actions (bot_kind, bot_id, trading_day, sequence) WHERE phase = 'exit' AND status <> 'failed';
CREATE INDEX bot_actions_claimed_idx ON bot_actions (claimed_at) WHERE status = 'claimed';

-- Which bot placed an order (null: the trader), so positions can be grouped by bot.
ALTER TABLE paper_orders
  ADD COLUMN bot_kind text CHECK (bot_kind IN ('trading', 'daily')),
  ADD COLUMN bot_id integer;
CREATE INDEX paper_orders_bot_idx ON paper_orders (bot_kind, bot_id) WHERE bot_id IS NOT NULL;
