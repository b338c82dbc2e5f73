-- The kill switch, a property of the broker account: armed while kill_switch_armed_at is set. Every path that
-- could open a position (the desk, baskets, bots) reads it from the row it locks before placing, and arming
-- writes it into that same row: an order that waited on the lock sees the new row version (a separate
-- table, read through a join, would still be read from the order's older snapshot). Exits stay allowed.
ALTER TABLE broker_accounts
  ADD COLUMN kill_switch_armed_at timestamptz,
  ADD COLUMN kill_switch_reason text CHECK (char_length(kill_switch_reason) <= 200),
  -- Disarming is refused before this time (Zerodha's kill switch waits 12 hours); null: at once.
  ADD COLUMN kill_switch_cool_off_until timestamptz;

-- Every arm and disarm: who, when, from where, and what it did. Kept when the switch is disarmed.
CREATE TABLE kill_switch_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  -- Null when a risk limit armed it, not a person.
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('arm', 'disarm')),
  source text NOT NULL CHECK (source IN ('header', 'shortcut', 'notification', 'settings', 'risk_limit')),
  at timestamptz NOT NULL,
  reason text CHECK (char_length(reason) <= 200),
  client_address text,
  user_agent text CHECK (char_length(user_agent) <= 300),
  summary text NOT NULL
);
CREATE INDEX kill_switch_events_account_idx ON kill_switch_events (broker_account_id, at DESC);

-- Risk limits per broker account, in force every day until changed (no re-arming each morning). Null: not
-- set. Money in paise, like the paper broker's tables.
CREATE TABLE risk_limits (
  broker_account_id integer PRIMARY KEY REFERENCES broker_accounts (id) ON DELETE CASCADE,
  max_loss_today_paise bigint CHECK (max_loss_today_paise > 0),
  profit_lock_from_paise bigint CHECK (profit_lock_from_paise > 0),
  profit_lock_keep_pct integer CHECK (profit_lock_keep_pct BETWEEN 1 AND 100),
  max_trades_today integer CHECK (max_trades_today >= 1),
  max_lots_per_order integer CHECK (max_lots_per_order >= 1),
  max_open_positions integer CHECK (max_open_positions >= 1),
  updated_at timestamptz NOT NULL,
  CHECK ((profit_lock_from_paise IS NULL) = (profit_lock_keep_pct IS NULL))
);

-- What the watcher saw of each account's day: the peak net P&L the profit lock trails, and the latest.
CREATE TABLE risk_days (
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  trading_day date NOT NULL,
  peak_pnl_paise bigint NOT NULL,
  last_pnl_paise bigint NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (broker_account_id, trading_day)
);
