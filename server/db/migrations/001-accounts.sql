-- Accounts: users, their sessions, sign-in throttling, and the idempotency store the trading calls use.
-- Times are always written by the server (its clock), never defaulted here, so tests can control time.

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  mobile text NOT NULL CHECK (mobile ~ '^\+91[6-9][0-9]{9}$'),
  -- scrypt$N$r$p$salt$hash (base64): the parameters travel with the hash, so they can be raised later.
  password_hash text NOT NULL,
  trade_defaults jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- One account per address whatever its case: Asha@Example.in and asha@example.in are the same person.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- SHA-256 of the bearer token, hex: a leaked table does not leak usable tokens.
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  user_agent text
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Failed sign-ins (and registrations) per account and per IP address, counted over a sliding window.
-- In the database, so every server instance behind a load balancer sees the same counts.
CREATE TABLE throttle_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scope text NOT NULL,
  key text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX throttle_events_lookup_idx ON throttle_events (scope, key, created_at);
CREATE INDEX throttle_events_created_at_idx ON throttle_events (created_at);

-- The first answer to each Idempotency-Key, kept 24 hours (order safety, see ARCHITECTURE.md).
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'completed')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at);
