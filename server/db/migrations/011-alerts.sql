-- The trader's alerts feed (/app/strategy_alerts, the in-app notifications and web push): one row per event
-- worth telling, written by whoever saw it happen (the bot engine, the leader's watchers of orders, kill
-- switches, broker sessions and price alerts). `dedupe_key` makes writing an event idempotent: a watcher
-- on a second instance, or a retried tick, that sees the same event writes nothing.
CREATE TABLE alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  broker_account_id integer REFERENCES broker_accounts (id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN ('bot', 'order', 'kill_switch', 'broker_session', 'price')),
  event text NOT NULL CHECK (char_length(event) BETWEEN 1 AND 40),
  severity text NOT NULL CHECK (severity IN ('info', 'success', 'warning', 'danger')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  body text NOT NULL CHECK (char_length(body) <= 500),
  -- An app path (/app/...) showing what the alert is about.
  link text NOT NULL CHECK (link LIKE '/app/%'),
  -- The bot it is about, kept as it was named then (the bot may be deleted later).
  bot_kind text CHECK (bot_kind IN ('trading', 'daily')),
  bot_id integer,
  bot_name text,
  at timestamptz NOT NULL,
  dedupe_key text CHECK (char_length(dedupe_key) <= 200),
  -- Set once the push dispatcher has handled the alert (sent, or nobody subscribed to its topic).
  pushed_at timestamptz
);
CREATE INDEX alerts_user_idx ON alerts (user_id, id DESC);
CREATE UNIQUE INDEX alerts_dedupe_key ON alerts (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL;
CREATE INDEX alerts_unpushed_idx ON alerts (id) WHERE pushed_at IS NULL;

-- How far each trader has read the feed (every alert with a smaller or equal id is read).
CREATE TABLE alert_reads (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  read_up_to bigint NOT NULL
);
