-- A broker is never called inside a database transaction (ARCHITECTURE.md): an intent's Idempotency-Key is
-- claimed and committed before its broker call, and its answer stored by a second transaction after it.
-- While it runs, the key holds what a retry needs to reconcile it: the account, the tag its orders carry,
-- and when the claim was taken (a claim older than its lease was left by a crash or a lost answer; a retry
-- takes it over and looks the tag up at the broker before placing anything). Null for keys of other calls.
ALTER TABLE idempotency_keys
  ADD COLUMN broker_account_id integer REFERENCES broker_accounts (id) ON DELETE CASCADE,
  ADD COLUMN tag text CHECK (char_length(tag) <= 20),
  ADD COLUMN claimed_at timestamptz;
