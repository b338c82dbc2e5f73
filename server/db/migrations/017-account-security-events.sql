-- The audit trail of sign-in throttling on an account (issue 21): when strangers' failed guesses start
-- slowing sign-ins from devices the account has not seen, when that ends, and the same for one known
-- device's own allowance. Append-only; a row is written on each change, under the throttle key's lock.
CREATE TABLE account_security_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN ('throttle_engaged', 'throttle_released')),
  -- 'unknown_devices': the account-wide slowing; 'device': one known device locked out by its own failures.
  scope text NOT NULL CHECK (scope IN ('unknown_devices', 'device')),
  device_id text CHECK (char_length(device_id) <= 64),
  -- Failed attempts in the window when it was written; the address whose failure engaged it (null on release).
  failures integer NOT NULL,
  client_address text CHECK (char_length(client_address) <= 64),
  -- For a release, the moment it stopped holding (the last engaging failure left the window), which can be
  -- earlier than the attempt that noticed it.
  at timestamptz NOT NULL
);
CREATE INDEX account_security_events_user_idx ON account_security_events (user_id, scope, id DESC);
