-- Issue 63: selling (or buying back) the shares a paper account's deliveries at expiry left it holding or owing
-- (paper_deliveries, migration 123). The sale is an equity delivery (CNC) trade on NSE's cash market, charged as
-- one, at the rates below; the holding falls by it and its realised P&L is taken against what the holding cost.
--
-- 1. An equity delivery trade's charges, dated, with their sources:
--    - brokerage: none (Zerodha charges no brokerage on equity delivery, its charges list);
--    - STT 0.1 % of the value on the buy and the sell (Finance (No. 2) Act 2004 as amended; Zerodha's charges list,
--      "Equity delivery: 0.1% on buy & sell"), the rate delivery_charge_rates already holds;
--    - stamp duty 0.015 % on the buy (Indian Stamp Act, uniform from 1 Jul 2020; "0.015% or ₹1500 / crore on buy side");
--    - NSE's transaction charge on the value, both sides: ₹2.97 a lakh (0.00297 %) from 1 Oct 2024, SEBI's flat-fee
--      rule ("According to NSE, the transaction fee for the cash market will be Rs 2.97 per lakh of traded value",
--      PTI, 27 Sep 2024); 0.00307 % from 1 Mar 2026 with the IPFT's 0.0001 % (NSE/FA/73061, the circular the
--      options' and futures' 1 Mar 2026 rows of migrations 020 and 120 cite; brokers' 2026 lists print "NSE: 0.00307%");
--    - SEBI's fee ₹10 a crore (0.0001 %), both sides;
--    - the DP charge on a sale from the demat account, once per stock per day whatever the quantity: ₹13.50 + GST
--      (Zerodha support, "What do DP charges mean?": "Rs 13.5 (+ 18% GST) per scrip"), ₹13 + GST in Zerodha's current
--      page ("₹13 + 18% GST ... per day and per stock"). The page gives no date for the change, so the ₹13 is dated
--      here with the 1 Mar 2026 row (the lists read are of 2026);
--    - GST 18 % on brokerage + transaction charge + SEBI fee + DP charge (Zerodha: "18% on (brokerage + SEBI
--      charges + transaction charges)", and "+ 18% GST" on the DP charge).
CREATE TABLE equity_delivery_charge_rates (
  exchange text NOT NULL CHECK (exchange = 'NSE'),
  effective_from date NOT NULL,
  brokerage_per_order_paise integer NOT NULL CHECK (brokerage_per_order_paise >= 0),
  stt_rate numeric(10, 8) NOT NULL CHECK (stt_rate >= 0),
  stamp_buy_rate numeric(10, 8) NOT NULL CHECK (stamp_buy_rate >= 0),
  exchange_rate numeric(12, 10) NOT NULL CHECK (exchange_rate >= 0),
  sebi_rate numeric(12, 10) NOT NULL CHECK (sebi_rate >= 0),
  gst_rate numeric(6, 4) NOT NULL CHECK (gst_rate >= 0),
  dp_per_stock_day_paise integer NOT NULL CHECK (dp_per_stock_day_paise >= 0),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 800),
  PRIMARY KEY (exchange, effective_from)
);

INSERT INTO equity_delivery_charge_rates (exchange, effective_from, brokerage_per_order_paise, stt_rate, stamp_buy_rate, exchange_rate, sebi_rate, gst_rate, dp_per_stock_day_paise, source) VALUES
  ('NSE', '2024-10-01', 0, 0.001, 0.00015, 0.0000297, 0.000001, 0.18, 1350,
   'Equity delivery (CNC): no brokerage, STT 0.1 % buy and sell, stamp 0.015 % on buys, SEBI ₹10 a crore, GST 18 % on brokerage + exchange + SEBI + DP (Zerodha charges list); NSE cash market ₹2.97 a lakh from 1 Oct 2024 (PTI, 27 Sep 2024: "the transaction fee for the cash market will be Rs 2.97 per lakh"); DP ₹13.50 + GST per stock per day sold (Zerodha support, "What do DP charges mean?")'),
  ('NSE', '2026-03-01', 0, 0.001, 0.00015, 0.0000307, 0.000001, 0.18, 1300,
   'As from 1 Oct 2024, with NSE''s cash market charge 0.00307 % including the IPFT''s 0.0001 % (NSE/FA/73061; brokers'' 2026 charge lists: "NSE: 0.00307%") and the DP charge ₹13 + GST per stock per day (Zerodha support, "What do DP charges mean?", current page; its date of change not given, dated with this row)');

-- 2. The paper broker's equity trades against delivered holdings: a sale of shares held (SELL) or a purchase of shares
--    owed (BUY), never more than the holding, each filled at once at the stock's price (a MARKET, or a LIMIT the
--    price reaches). `average_paise` is what a share of the holding cost when it traded (its deliveries' price, the
--    settlement price: the mean on the average-cost method), `realised_paise` the trade's P&L against it. Each carries
--    the trader's Idempotency-Key, claimed with its effect in one statement: a repeat answers the same trade.
CREATE TABLE paper_holding_trades (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL CHECK (char_length(idempotency_key) BETWEEN 1 AND 200),
  symbol text NOT NULL REFERENCES underlyings (symbol),
  side text NOT NULL CHECK (side IN ('BUY', 'SELL')),
  order_type text NOT NULL CHECK (order_type IN ('MARKET', 'LIMIT')),
  limit_price_paise bigint CHECK (limit_price_paise > 0),
  shares integer NOT NULL CHECK (shares > 0),
  price_paise bigint NOT NULL CHECK (price_paise > 0),
  value_paise bigint NOT NULL CHECK (value_paise = shares * price_paise),
  average_paise bigint NOT NULL CHECK (average_paise > 0),
  realised_paise bigint NOT NULL,
  brokerage_paise bigint NOT NULL CHECK (brokerage_paise >= 0),
  stt_paise bigint NOT NULL CHECK (stt_paise >= 0),
  stamp_paise bigint NOT NULL CHECK (stamp_paise >= 0),
  exchange_paise bigint NOT NULL CHECK (exchange_paise >= 0),
  sebi_paise bigint NOT NULL CHECK (sebi_paise >= 0),
  dp_paise bigint NOT NULL CHECK (dp_paise >= 0),
  gst_paise bigint NOT NULL CHECK (gst_paise >= 0),
  traded_at timestamptz NOT NULL,
  CHECK ((order_type = 'LIMIT') = (limit_price_paise IS NOT NULL)),
  UNIQUE (broker_account_id, idempotency_key)
);
CREATE INDEX paper_holding_trades_account_idx ON paper_holding_trades (broker_account_id, symbol, traded_at);

-- The account's cash moves with these trades as with its deliveries (paper_cash, migrations 044 and 123).
CREATE FUNCTION paper_books_holding_trade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO paper_cash (broker_account_id, flow_paise, charges_paise)
  VALUES (NEW.broker_account_id, CASE WHEN NEW.side = 'SELL' THEN 1 ELSE -1 END * NEW.value_paise,
          NEW.brokerage_paise + NEW.stt_paise + NEW.stamp_paise + NEW.exchange_paise + NEW.sebi_paise + NEW.dp_paise + NEW.gst_paise)
  ON CONFLICT (broker_account_id) DO UPDATE SET flow_paise = paper_cash.flow_paise + EXCLUDED.flow_paise, charges_paise = paper_cash.charges_paise + EXCLUDED.charges_paise;
  RETURN NULL;
END $$;
CREATE TRIGGER paper_books_holding_trade AFTER INSERT ON paper_holding_trades FOR EACH ROW EXECUTE FUNCTION paper_books_holding_trade();
