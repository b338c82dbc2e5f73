-- The paper broker's running books (issue 37): every order's margin check read the account's open positions
-- and its cash (the trades' flow and charges) by summing every trade the account ever made, so an account's
-- orders grew slower with its history (10,000 trades: about 4 ms of PostgreSQL an order, on top of 5). These
-- two tables hold the sums, kept by triggers on paper_trades, so no path that writes a trade (a fill, a
-- square-off, an expiry's settlement) can leave them behind, and a trade and its sums commit together.

-- Open quantity per instrument, portfolio and product: the grain of the position book (books.ts openLegsSql).
-- A row brought back to flat stays, at 0, until its portfolio's next trade moves it again.
CREATE TABLE paper_positions (
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  instrument_token integer NOT NULL,
  -- No reference: a deleted portfolio's trades move to no portfolio (paper_trades' SET NULL), and the trigger
  -- below moves their quantities with them.
  portfolio_id integer,
  product text NOT NULL,
  quantity bigint NOT NULL,
  UNIQUE NULLS NOT DISTINCT (broker_account_id, instrument_token, portfolio_id, product)
);
-- The fill engine's pass looks for open positions across accounts (MIS square-off, expiry settlement).
CREATE INDEX paper_positions_open_idx ON paper_positions (broker_account_id) WHERE quantity <> 0;

-- The account's cash flow (sells less buys) and charges over all its trades, in paise.
CREATE TABLE paper_cash (
  broker_account_id integer PRIMARY KEY REFERENCES broker_accounts (id) ON DELETE CASCADE,
  flow_paise bigint NOT NULL,
  charges_paise bigint NOT NULL
);

CREATE FUNCTION paper_positions_add(account integer, token integer, portfolio integer, product text, signed bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO paper_positions (broker_account_id, instrument_token, portfolio_id, product, quantity) VALUES (account, token, portfolio, product, signed)
  ON CONFLICT (broker_account_id, instrument_token, portfolio_id, product) DO UPDATE SET quantity = paper_positions.quantity + EXCLUDED.quantity;
$$;

CREATE FUNCTION paper_books_trade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM paper_positions_add(NEW.broker_account_id, NEW.instrument_token, NEW.portfolio_id, NEW.product,
    CASE WHEN NEW.transaction_type = 'BUY' THEN NEW.quantity ELSE -NEW.quantity END);
  INSERT INTO paper_cash (broker_account_id, flow_paise, charges_paise)
  VALUES (NEW.broker_account_id, CASE WHEN NEW.transaction_type = 'SELL' THEN 1 ELSE -1 END * NEW.quantity * NEW.price_paise,
    NEW.brokerage_paise + NEW.stt_paise + NEW.exchange_paise + NEW.sebi_paise + NEW.gst_paise + NEW.stamp_paise + NEW.call_and_trade_paise)
  ON CONFLICT (broker_account_id) DO UPDATE SET flow_paise = paper_cash.flow_paise + EXCLUDED.flow_paise, charges_paise = paper_cash.charges_paise + EXCLUDED.charges_paise;
  RETURN NULL;
END $$;
CREATE TRIGGER paper_books_trade AFTER INSERT ON paper_trades FOR EACH ROW EXECUTE FUNCTION paper_books_trade();

-- A portfolio deleted: its trades now belong to no portfolio, and so do their quantities.
CREATE FUNCTION paper_books_portfolio() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signed bigint := CASE WHEN NEW.transaction_type = 'BUY' THEN NEW.quantity ELSE -NEW.quantity END;
BEGIN
  PERFORM paper_positions_add(OLD.broker_account_id, OLD.instrument_token, OLD.portfolio_id, OLD.product, -signed);
  PERFORM paper_positions_add(NEW.broker_account_id, NEW.instrument_token, NEW.portfolio_id, NEW.product, signed);
  RETURN NULL;
END $$;
CREATE TRIGGER paper_books_portfolio AFTER UPDATE OF portfolio_id ON paper_trades FOR EACH ROW
  WHEN (OLD.portfolio_id IS DISTINCT FROM NEW.portfolio_id) EXECUTE FUNCTION paper_books_portfolio();

INSERT INTO paper_positions (broker_account_id, instrument_token, portfolio_id, product, quantity)
  SELECT broker_account_id, instrument_token, portfolio_id, product, sum(CASE WHEN transaction_type = 'BUY' THEN quantity ELSE -quantity END)
  FROM paper_trades GROUP BY broker_account_id, instrument_token, portfolio_id, product;
INSERT INTO paper_cash (broker_account_id, flow_paise, charges_paise)
  SELECT broker_account_id, sum(CASE WHEN transaction_type = 'SELL' THEN quantity * price_paise ELSE -quantity * price_paise END),
    sum(brokerage_paise + stt_paise + exchange_paise + sebi_paise + gst_paise + stamp_paise + call_and_trade_paise)
  FROM paper_trades GROUP BY broker_account_id;
