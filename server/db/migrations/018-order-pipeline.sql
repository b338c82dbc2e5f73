-- The order pipeline without a broker call inside a database transaction (ARCHITECTURE.md), for every broker
-- (services/trading/order-pipeline.ts, paced-intent.ts). Numbered after 016 (paced intents) and 017 (account
-- security events), which were merged first.
--
-- An intent's Idempotency-Key is claimed and committed before its broker call, and its answer stored by a
-- later transaction. While it runs, the key holds what a retry needs to reconcile it: the account, the tag
-- its orders carry, and when the claim was last taken (a claim older than its lease was left by a crash or
-- a lost answer; a retry takes it over and looks the tag up at the broker before sending anything). A paced
-- intent (016: its plan, and paced_at, when its last step ended) also keeps its progress: how many of its
-- orders were handed to the broker or put in the book as not sent. Null or 0 for keys of other calls.
ALTER TABLE idempotency_keys
  ADD COLUMN broker_account_id integer REFERENCES broker_accounts (id) ON DELETE CASCADE,
  ADD COLUMN tag text CHECK (char_length(tag) <= 20),
  ADD COLUMN claimed_at timestamptz,
  ADD COLUMN progress integer NOT NULL DEFAULT 0 CHECK (progress >= 0);

-- Every order StrikeDesk sends to a broker, whichever broker: the order pipeline and the bot engine write a
-- row per order under the account's row lock before they send it, the kill switch one per exit it sends. The
-- rate limits (10 a second, 400 a minute, 5,000 a day per account) are counted here, not from a broker's own
-- book, so every server instance shares them and a live broker's orders count exactly as paper ones. Rows
-- older than two days, which no limit counts, are pruned as new ones are written.
CREATE TABLE order_sends (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL,
  trading_day date NOT NULL
);
CREATE INDEX order_sends_account_time_idx ON order_sends (broker_account_id, sent_at);
