-- Price alerts, the devices that receive web push, and how far the leader's alert watchers have read.
-- Money is integer paise, like the paper broker's tables.

-- A trader's price alert: the last price of an index (NIFTY) or of a listed option crossing a level.
CREATE TABLE price_alerts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  symbol text NOT NULL CHECK (symbol ~ '^[A-Z][A-Z0-9]{1,39}$'),
  -- The option's exchange (NFO, BFO); null for an index.
  exchange text CHECK (exchange IN ('NFO', 'BFO')),
  direction text NOT NULL CHECK (direction IN ('above', 'below')),
  level_paise bigint NOT NULL CHECK (level_paise >= 0),
  repeat text NOT NULL CHECK (repeat IN ('once', 'every_time')),
  active boolean NOT NULL DEFAULT true,
  -- The last price the watcher saw; a crossing is a move from one side of the level to the other since then.
  last_price_paise bigint,
  triggered_count integer NOT NULL DEFAULT 0 CHECK (triggered_count >= 0),
  last_triggered_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX price_alerts_user_idx ON price_alerts (user_id, id DESC);
CREATE INDEX price_alerts_active_idx ON price_alerts (symbol) WHERE active;

-- A browser's PushSubscription. The endpoint identifies the browser: signed in as someone else, it moves to them.
CREATE TABLE push_devices (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE CHECK (char_length(endpoint) <= 1000),
  p256dh text NOT NULL CHECK (char_length(p256dh) <= 200),
  auth text NOT NULL CHECK (char_length(auth) <= 100),
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 100),
  -- PushTopic values the trader chose for this device.
  topics text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  last_sent_at timestamptz,
  last_error text CHECK (char_length(last_error) <= 500)
);
CREATE INDEX push_devices_user_idx ON push_devices (user_id);

-- How far each watcher has read a table it follows (by time, re-reading a short overlap: a transaction that
-- stamped its row a moment before the cursor may commit after the watcher's read; dedupe keys absorb the re-read).
CREATE TABLE alert_watch_cursors (
  name text PRIMARY KEY,
  read_up_to timestamptz NOT NULL
);

-- The order watcher reads orders that became final since its cursor.
CREATE INDEX paper_orders_final_updated_idx ON paper_orders (updated_at) WHERE status IN ('COMPLETE', 'REJECTED');
CREATE INDEX kill_switch_events_at_idx ON kill_switch_events (at);
