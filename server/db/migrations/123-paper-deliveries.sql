-- Issue 63: physical settlement in the paper broker. A stock future held into expiry, and a stock option in the
-- money, settle by delivery of the shares (migration 122 and services/market/derivatives/physical-settlement.ts hold
-- the rules): the position closes (a future at the final settlement price, an option for nothing, its value being
-- in the delivery at the strike) and a delivery record takes its place. The account's cash moves by the delivery's
-- value as a broker's ledger does (a purchase debits it, a sale credits it), with the delivery's own charges.
--
-- 1. The charges of a delivery, dated, with their sources. A physically settled contract's delivery is charged as an
--    equity delivery trade, not as the derivative's exercise:
--    - STT 0.1 % of the delivery value on the buyer and the seller alike (the rate of a delivery-based purchase or
--      sale of equity shares, Finance (No. 2) Act 2004 as amended; Zerodha's charges list, "Equity delivery: 0.1 % on
--      buy & sell"). An exercised stock option thus pays 0.1 % of the shares' value at the strike, not the cash-settled
--      exercise's 0.15 % of the intrinsic value (charge_rates.stt_exercise_rate, migration 030 and 120), and the
--      option's own closing pays none;
--    - stamp duty 0.015 % of the value on the buyer (Indian Stamp Act as amended, uniform from 1 Jul 2020:
--      "0.015 % or ₹1,500 a crore on the buy side" for delivery; Zerodha's and Fundfolio's charge lists).
--    Brokerage on a delivery: none is charged here. Zerodha charges nothing on equity delivery; its 2019 policy post
--    (TradingQnA "Clarifications regarding physical settlement": 0.5 % of the contract value for a physical
--    settlement, 0.1 % when netted) is not confirmed as in force, so it is not applied (docs/market-model.md says so).
CREATE TABLE delivery_charge_rates (
  exchange text NOT NULL CHECK (exchange = 'NSE'),
  effective_from date NOT NULL,
  stt_rate numeric(10, 8) NOT NULL CHECK (stt_rate >= 0),
  stamp_buy_rate numeric(10, 8) NOT NULL CHECK (stamp_buy_rate >= 0),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 600),
  PRIMARY KEY (exchange, effective_from)
);

INSERT INTO delivery_charge_rates (exchange, effective_from, stt_rate, stamp_buy_rate, source) VALUES
  ('NSE', '2020-07-01', 0.001, 0.00015,
   'STT on delivery-based equity, 0.1 % on the buyer and the seller (Finance (No. 2) Act 2004 as amended; Zerodha charges list, "Equity delivery: 0.1% on buy & sell"), applied to the delivery of physically settled stock F&O; stamp duty 0.015 % on the buy side (Indian Stamp Act, uniform rates from 1 Jul 2020; Zerodha and Fundfolio charge lists: "Equity delivery: 0.015% or ₹1500 / crore on buy side")');

-- 2. The deliveries: one row per position settled by delivery (its account, portfolio and product, the contract it
--    came from, the stock), what changes hands (side BUY: the account receives the shares and pays; SELL: it delivers
--    them and is paid) and at what price (a future's final settlement price, an option's strike), with the charges.
CREATE TABLE paper_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broker_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  portfolio_id integer,
  product text NOT NULL,
  instrument_token integer NOT NULL,
  tradingsymbol text NOT NULL,
  symbol text NOT NULL,
  contract_kind text NOT NULL CHECK (contract_kind IN ('FUT', 'CE', 'PE')),
  expiry date NOT NULL,
  side text NOT NULL CHECK (side IN ('BUY', 'SELL')),
  shares integer NOT NULL CHECK (shares > 0),
  price_paise bigint NOT NULL CHECK (price_paise > 0),
  value_paise bigint NOT NULL CHECK (value_paise = shares * price_paise),
  stt_paise bigint NOT NULL CHECK (stt_paise >= 0),
  stamp_paise bigint NOT NULL CHECK (stamp_paise >= 0),
  settled_at timestamptz NOT NULL
);
CREATE INDEX paper_deliveries_account_idx ON paper_deliveries (broker_account_id, settled_at);

-- The account's cash moves with its deliveries as with its trades (paper_cash, migration 044), in the same
-- transaction, so funds read one place.
CREATE FUNCTION paper_books_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO paper_cash (broker_account_id, flow_paise, charges_paise)
  VALUES (NEW.broker_account_id, CASE WHEN NEW.side = 'SELL' THEN 1 ELSE -1 END * NEW.value_paise, NEW.stt_paise + NEW.stamp_paise)
  ON CONFLICT (broker_account_id) DO UPDATE SET flow_paise = paper_cash.flow_paise + EXCLUDED.flow_paise, charges_paise = paper_cash.charges_paise + EXCLUDED.charges_paise;
  RETURN NULL;
END $$;
CREATE TRIGGER paper_books_delivery AFTER INSERT ON paper_deliveries FOR EACH ROW EXECUTE FUNCTION paper_books_delivery();
