-- What each bot holds, kept as its fills are written (issue 37, the bot engine). The engine's tick netted
-- every fill of every bot order ever (the bot_trades view of migrations 019 and 026) to learn what each bot
-- holds now: a read that grew with every day's trades, on every one-second tick. Each fill of a bot's order
-- now adds its signed quantity here, in the transaction that writes the fill, so the tick reads only the
-- legs held (quantity <> 0) and stays as consistent with the trades as the view was.
--
-- The netting is the view's exactly: paper and Kite fills of orders carrying a bot (an expiry settlement,
-- which has no order, counts for no bot), keyed by bot, contract and product. Fills are only ever inserted
-- (deleted only with their account, whose bots go with it).
CREATE TABLE bot_holdings (
  -- The order of the legs' first fills: an exit closes them in the order they were opened (shorts first).
  id bigint GENERATED ALWAYS AS IDENTITY,
  bot_kind text NOT NULL CHECK (bot_kind IN ('trading', 'daily')),
  bot_id integer NOT NULL,
  exchange text NOT NULL,
  tradingsymbol text NOT NULL,
  product text NOT NULL,
  -- Signed, long positive; zero once closed (the row stays, the tick's read skips it).
  quantity bigint NOT NULL,
  PRIMARY KEY (bot_kind, bot_id, exchange, tradingsymbol, product)
);
CREATE INDEX bot_holdings_open_idx ON bot_holdings (bot_kind, bot_id) WHERE quantity <> 0;

INSERT INTO bot_holdings (bot_kind, bot_id, exchange, tradingsymbol, product, quantity)
  SELECT bot_kind, bot_id, exchange, tradingsymbol, product, sum(CASE WHEN transaction_type = 'BUY' THEN quantity ELSE -quantity END)
  FROM bot_trades GROUP BY bot_kind, bot_id, exchange, tradingsymbol, product;

-- One fill of a bot's order, its quantity signed (a sell negative).
CREATE FUNCTION bot_holdings_add(kind text, bot integer, exchange text, tradingsymbol text, product text, signed bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO bot_holdings (bot_kind, bot_id, exchange, tradingsymbol, product, quantity) VALUES (kind, bot, exchange, tradingsymbol, product, signed)
  ON CONFLICT (bot_kind, bot_id, exchange, tradingsymbol, product) DO UPDATE SET quantity = bot_holdings.quantity + EXCLUDED.quantity;
$$;

CREATE FUNCTION bot_holdings_paper_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text;
  bot integer;
BEGIN
  SELECT o.bot_kind, o.bot_id INTO kind, bot FROM paper_orders o WHERE o.order_id = NEW.order_id;
  IF bot IS NOT NULL THEN
    PERFORM bot_holdings_add(kind, bot, NEW.exchange, NEW.tradingsymbol, NEW.product, CASE WHEN NEW.transaction_type = 'BUY' THEN NEW.quantity ELSE -NEW.quantity END);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER bot_holdings_paper_fill AFTER INSERT ON paper_trades FOR EACH ROW EXECUTE FUNCTION bot_holdings_paper_fill();

CREATE FUNCTION bot_holdings_kite_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text;
  bot integer;
BEGIN
  SELECT o.bot_kind, o.bot_id INTO kind, bot FROM kite_orders o WHERE o.broker_account_id = NEW.broker_account_id AND o.order_id = NEW.order_id;
  IF bot IS NOT NULL THEN
    PERFORM bot_holdings_add(kind, bot, NEW.exchange, NEW.tradingsymbol, NEW.product, CASE WHEN NEW.transaction_type = 'BUY' THEN NEW.quantity ELSE -NEW.quantity END);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER bot_holdings_kite_fill AFTER INSERT ON kite_trades FOR EACH ROW EXECUTE FUNCTION bot_holdings_kite_fill();
