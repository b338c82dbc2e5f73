-- Issue 63 (session 77): a sale of delivered shares (or a buy-back of shares owed, paper_holding_trades, migration 130)
-- is an order like any other to the trader: it is in the order book and the trade book with the ids every paper order
-- and fill has (the IST date and 9 digits from paper_order_seq, an exchange order id, a trade id from paper_trade_seq),
-- so an order id the book shows is never another order's. The trade is filled in full when placed, so one order, one
-- fill. Existing rows get their ids here, in the order they were made.
ALTER TABLE paper_holding_trades ADD COLUMN order_id text, ADD COLUMN exchange_order_id text, ADD COLUMN trade_id text;

WITH numbered AS (
  SELECT id, nextval('paper_order_seq') AS n, nextval('paper_trade_seq') AS t FROM (SELECT id FROM paper_holding_trades ORDER BY id) AS made
)
UPDATE paper_holding_trades h
SET order_id = to_char((h.traded_at AT TIME ZONE 'UTC') + interval '330 minutes', 'YYMMDD') || CASE WHEN numbered.n < 1000000000 THEN lpad(numbered.n::text, 9, '0') ELSE numbered.n::text END,
    exchange_order_id = (1100000000000000 + numbered.n)::text,
    trade_id = (10000000 + numbered.t)::text
FROM numbered WHERE h.id = numbered.id;

ALTER TABLE paper_holding_trades ALTER COLUMN order_id SET NOT NULL, ALTER COLUMN exchange_order_id SET NOT NULL, ALTER COLUMN trade_id SET NOT NULL;
ALTER TABLE paper_holding_trades ADD CONSTRAINT paper_holding_trades_order_id_key UNIQUE (order_id), ADD CONSTRAINT paper_holding_trades_trade_id_key UNIQUE (trade_id);
