-- Signals in (issue 41): a trading bot's webhook address and every alert it received.
--
-- The token is 32 random bytes (base64url) shown once; only its SHA-256 is kept, so the table never holds an
-- address that works. Rotating replaces the hash, which kills the old address. The signing secret is kept
-- sealed (secret-box.ts), not hashed: the server must compute the HMAC of each body with it.
CREATE TABLE bot_webhooks (
  bot_id integer PRIMARY KEY REFERENCES trading_bots (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (char_length(token_hash) = 64),
  -- The token's last four characters, so the trader can tell which address a sender holds.
  token_hint text NOT NULL CHECK (char_length(token_hint) = 4),
  signing_secret text CHECK (char_length(signing_secret) <= 500),
  -- true: the bot enters only on alerts (its own entry rules are off); false: alerts besides its rules.
  signals_only boolean NOT NULL DEFAULT true,
  -- The most entries alerts may make in a trading day (the bot's own limit; the account's risk limits apply too).
  max_entries_per_day integer NOT NULL DEFAULT 5 CHECK (max_entries_per_day BETWEEN 1 AND 50),
  created_at timestamptz NOT NULL,
  token_rotated_at timestamptz NOT NULL
);

-- Every delivery to a live address, accepted or refused, with why: the bot's alert log.
CREATE TABLE webhook_alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bot_id integer NOT NULL REFERENCES trading_bots (id) ON DELETE CASCADE,
  received_at timestamptz NOT NULL,
  alert_id text CHECK (char_length(alert_id) <= 64),
  action text CHECK (action IN ('enter', 'exit', 'buy', 'sell')),
  outcome text NOT NULL CHECK (outcome IN ('placed', 'working', 'refused', 'failed')),
  -- The refusal's code (the HTTP answer's), null for a placement.
  code text CHECK (char_length(code) <= 64),
  message text CHECK (char_length(message) <= 500),
  message_i18n jsonb,
  -- SHA-256 of the body: the same body again inside the window is a duplicate.
  body_hash text NOT NULL CHECK (char_length(body_hash) = 64),
  -- Set on alerts that went on to be placed: only those make a later one a duplicate.
  counted boolean NOT NULL DEFAULT false,
  -- The bot action the alert claims, named before it is claimed: a claim that a crash left before its broker
  -- call is then never placed later by the engine (a stale signal is no signal), only skipped.
  action_key text CHECK (char_length(action_key) <= 20),
  bot_action_id bigint REFERENCES bot_actions (id) ON DELETE SET NULL,
  order_ids text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX webhook_alerts_bot_idx ON webhook_alerts (bot_id, received_at DESC);
-- One placement per alert id, whatever the instance (the check under the bot's lock comes first; this is the floor).
CREATE UNIQUE INDEX webhook_alerts_once ON webhook_alerts (bot_id, alert_id) WHERE counted AND alert_id IS NOT NULL;
CREATE INDEX webhook_alerts_action_idx ON webhook_alerts (bot_id, action_key) WHERE action_key IS NOT NULL;
