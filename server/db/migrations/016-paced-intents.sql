-- Paced intents: the broker takes 10 orders a second per account, so a basket of up to 20 orders, or one
-- order sliced at the freeze quantity into up to 20, goes out over several seconds, one transaction a
-- second (services/trading/paced-intent.ts). While it goes out, its Idempotency-Key's row keeps the plan
-- (every slice, in order) and when a step last ran, so a retry after a crash resumes it; and every order
-- names its intent (intent_key: the Idempotency-Key and when it was claimed, as a key claimed again after it
-- expired is another intent) and slice number, unique per account, so no slice is placed twice.
ALTER TABLE idempotency_keys ADD COLUMN plan jsonb, ADD COLUMN paced_at timestamptz;
ALTER TABLE paper_orders ADD COLUMN intent_key text, ADD COLUMN intent_slice integer CHECK (intent_slice >= 0);
ALTER TABLE paper_orders ADD CONSTRAINT paper_orders_intent_slice CHECK ((intent_key IS NULL) = (intent_slice IS NULL));
CREATE UNIQUE INDEX paper_orders_intent_slice_idx ON paper_orders (broker_account_id, intent_key, intent_slice) WHERE intent_key IS NOT NULL;
