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
