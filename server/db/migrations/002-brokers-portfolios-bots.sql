-- Brokers, broker accounts and their Kite-style login, portfolios, the base-strategy catalogue, trading
-- and daily bots, and the index facts (lot size, strike step, freeze quantity, expiry) as effective-dated
-- data. Everything a user owns hangs off users through ON DELETE CASCADE: deleting an account deletes
-- its portfolios, and deleting a portfolio deletes its bots.

-- Brokers accounts can be linked to. A row is listed only while the server has an adapter for its slug
-- (server/services/brokers/broker-registry.ts).
CREATE TABLE brokers (
  id integer PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z][a-z0-9_-]{1,31}$'),
  display_name text NOT NULL
);
INSERT INTO brokers (id, slug, display_name) VALUES (1, 'paper', 'Paper broker (simulated)');

CREATE TABLE broker_accounts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  broker_id integer NOT NULL REFERENCES brokers (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  account_number text NOT NULL CHECK (account_number ~ '^[A-Za-z0-9_-]{2,32}$'),
  api_key text NOT NULL CHECK (char_length(api_key) BETWEEN 1 AND 128),
  -- AES-256-GCM (server/services/secrets/secret-box.ts); the plain secret is never stored nor answered.
  api_secret_encrypted text NOT NULL,
  capital numeric(15, 2) NOT NULL CHECK (capital >= 0),
  -- The broker session (Kite's access_token), encrypted like the secret; open while expires_at is ahead.
  session_access_token_encrypted text,
  session_opened_at timestamptz,
  session_expires_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX broker_accounts_user_id_idx ON broker_accounts (user_id);
-- Client ids are unique per user and broker, whatever their case (Kite's are upper-case).
CREATE UNIQUE INDEX broker_accounts_number_key ON broker_accounts (user_id, broker_id, upper(account_number));
-- A broker issues each api_key once (Kite: one per Connect app), and its login page finds the account by it.
CREATE UNIQUE INDEX broker_accounts_api_key_key ON broker_accounts (broker_id, api_key);

-- request_tokens the paper broker's login page issued: single use, short-lived, stored as SHA-256 only.
CREATE TABLE broker_request_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  -- What the broker expects: SHA-256(api_key + request_token + api_secret) with the secret of that moment.
  expected_checksum text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX broker_request_tokens_account_idx ON broker_request_tokens (broker_account_id);

CREATE TABLE portfolios (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
  capital numeric(15, 2) NOT NULL CHECK (capital >= 0),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX portfolios_account_idx ON portfolios (broker_account_id);

-- The catalogue is written at start from server/services/strategies/catalogue.ts (upsert by slug), so
-- ids stay stable for the bots that reference them while names, texts and schemas follow the code.
CREATE TABLE base_strategies (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z][a-z0-9_]*$'),
  name text NOT NULL,
  description text NOT NULL,
  parameters jsonb NOT NULL,
  position integer NOT NULL
);

CREATE TABLE trading_bots (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  portfolio_id integer NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  base_strategy_id integer NOT NULL REFERENCES base_strategies (id),
  underlying text NOT NULL,
  lots integer NOT NULL CHECK (lots >= 1),
  stop_loss_pct numeric(7, 2) NOT NULL CHECK (stop_loss_pct > 0 AND stop_loss_pct <= 100),
  target_pct numeric(7, 2) NOT NULL CHECK (target_pct > 0 AND target_pct <= 1000),
  status text NOT NULL CHECK (status IN ('active', 'paused', 'stopped')),
  params jsonb NOT NULL,
  mode text NOT NULL CHECK (mode IN ('paper')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX trading_bots_portfolio_idx ON trading_bots (portfolio_id);

CREATE TABLE daily_bots (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  portfolio_id integer NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  base_strategy_id integer NOT NULL REFERENCES base_strategies (id),
  underlying text NOT NULL,
  lots integer NOT NULL CHECK (lots >= 1),
  stop_loss_pct numeric(7, 2) NOT NULL CHECK (stop_loss_pct > 0 AND stop_loss_pct <= 100),
  target_pct numeric(7, 2) NOT NULL CHECK (target_pct > 0 AND target_pct <= 1000),
  status text NOT NULL CHECK (status IN ('active', 'paused', 'stopped')),
  params jsonb NOT NULL,
  mode text NOT NULL CHECK (mode IN ('paper')),
  -- HH:MM in IST, inside market hours; entry before exit (checked by the server, restated here).
  entry_time text NOT NULL CHECK (entry_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  exit_time text NOT NULL CHECK (exit_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  -- ISO weekdays, 1 Monday … 5 Friday, sorted and unique.
  weekdays smallint[] NOT NULL CHECK (cardinality(weekdays) BETWEEN 1 AND 5 AND weekdays <@ ARRAY[1, 2, 3, 4, 5]::smallint[]),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (entry_time < exit_time)
);
CREATE INDEX daily_bots_portfolio_idx ON daily_bots (portfolio_id);

-- Index facts change (NSE revises lot sizes twice a year): a new row with a later effective_from takes
-- over on that IST date, and the old row still explains what held before.
CREATE TABLE index_config (
  index_name text NOT NULL CHECK (index_name IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX')),
  effective_from date NOT NULL,
  lot_size integer NOT NULL CHECK (lot_size > 0),
  strike_step integer NOT NULL CHECK (strike_step > 0),
  -- The most units one order may carry; the freeze limit in lots is floor(freeze_quantity / lot_size).
  freeze_quantity integer NOT NULL CHECK (freeze_quantity >= lot_size),
  expiry_cycle text NOT NULL CHECK (expiry_cycle IN ('weekly', 'monthly')),
  -- ISO weekday of expiry (2 Tuesday, 4 Thursday); for monthly contracts, the last such day of the month.
  expiry_weekday smallint NOT NULL CHECK (expiry_weekday BETWEEN 1 AND 5),
  exchange text NOT NULL CHECK (exchange IN ('NFO', 'BFO')),
  PRIMARY KEY (index_name, effective_from)
);
INSERT INTO index_config (index_name, effective_from, lot_size, strike_step, freeze_quantity, expiry_cycle, expiry_weekday, exchange) VALUES
  ('NIFTY', '2025-12-30', 65, 50, 1800, 'weekly', 2, 'NFO'),
  ('BANKNIFTY', '2025-12-30', 30, 100, 900, 'monthly', 2, 'NFO'),
  ('FINNIFTY', '2025-12-30', 60, 50, 1800, 'monthly', 2, 'NFO'),
  ('MIDCPNIFTY', '2025-12-30', 120, 25, 2800, 'monthly', 2, 'NFO'),
  ('SENSEX', '2025-12-30', 20, 100, 1000, 'weekly', 4, 'BFO');
