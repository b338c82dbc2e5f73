-- What a trader's open price streams tell besides prices and order changes (issue 37, a desk that pushes):
-- a change the desk used to notice only by reading again on a timer. Written in the same transaction as the
-- change; every instance reads the rows of the traders it streams to on each pass (server/services/notices/
-- stream-notices.ts) and tells them on their streams, so the desk reads once instead of polling.
--   account:     re-read the account's positions, orders and funds (its broker session ended, expired or was
--                opened again; positions settled at expiry without an order)
--   alerts:      a new alert in the trader's feed
--   kill_switch: the account's kill switch was armed or disarmed
-- Rows are notices, not a history: they are pruned after a day. No foreign keys: the key-share lock one takes
-- on the account's row would make a notice written beside a change wait on whoever holds that row (the kill
-- switch arms under it); a notice of a deleted account is told to nobody and pruned.
CREATE TABLE stream_notices (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL,
  broker_account_id integer,
  topic text NOT NULL CHECK (topic IN ('account', 'alerts', 'kill_switch')),
  at timestamptz NOT NULL
);
CREATE INDEX stream_notices_user_at_idx ON stream_notices (user_id, at);
CREATE INDEX stream_notices_at_idx ON stream_notices (at);
