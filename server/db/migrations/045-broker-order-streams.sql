-- Which server instance holds a live account's order socket (Upstox's portfolio stream feed): one per account
-- across instances, so each update is read from the broker once. The holder renews its lease every pass; another
-- instance takes the account over once `held_until` has passed (server/services/brokers/upstox-broker/
-- upstox-order-stream.ts).
CREATE TABLE broker_order_streams (
  broker_account_id integer PRIMARY KEY REFERENCES broker_accounts (id) ON DELETE CASCADE,
  holder text NOT NULL,
  held_until timestamptz NOT NULL
);
