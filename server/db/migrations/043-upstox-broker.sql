-- Upstox as the second live broker (server/services/brokers/upstox-broker/).
INSERT INTO brokers (id, slug, display_name) VALUES (3, 'upstox', 'Upstox');

-- The `state` of a broker login link (OAuth's: Upstox sends it back with the code): unguessable, bound to the
-- trader and the account, single use and short-lived, stored as SHA-256 only. The redirect URL the link named
-- is kept with it, because the code is only exchanged with that same URL.
CREATE TABLE broker_login_states (
  state_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX broker_login_states_account_idx ON broker_login_states (broker_account_id);
