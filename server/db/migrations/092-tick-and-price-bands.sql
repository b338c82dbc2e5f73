-- Two exchange facts that lived only as literals (issue 60), now dated data with their source, shown on the
-- Market facts screen: the tick size of index options and the exchange's limit price protection band. The
-- paper broker's order rules (brokers/paper/order-rules.ts) still apply them as written there; a server test
-- (tests/server/market/market-facts-screen.test.ts) holds those literals to the rows in force today, so a
-- new row here that the code does not follow fails the build instead of drifting.

-- The smallest price step of an index option, in paise. A row holds from effective_from until the next of the
-- same exchange.
CREATE TABLE tick_sizes (
  exchange text NOT NULL CHECK (exchange IN ('NSE', 'BSE')),
  effective_from date NOT NULL,
  tick_paise integer NOT NULL CHECK (tick_paise > 0),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 400),
  PRIMARY KEY (exchange, effective_from)
);
INSERT INTO tick_sizes (exchange, effective_from, tick_paise, source) VALUES
  ('NSE', '2000-01-01', 5, 'NSE contract specifications of index options: tick size ₹0.05 (no revision for index options among the sources here)'),
  ('BSE', '2000-01-01', 5, 'BSE contract specifications of SENSEX options: tick size ₹0.05 (no revision among the sources here)');

-- Limit price protection: a buy limit above reference + width, or a sell limit below reference − width, is
-- rejected by the exchange; width = the greater of `min_width_paise` and `fraction` × the reference price (the
-- reference being the average of the contract's trades over the last 30 seconds).
CREATE TABLE price_protection_bands (
  exchange text NOT NULL CHECK (exchange IN ('NSE', 'BSE')),
  effective_from date NOT NULL,
  min_width_paise integer NOT NULL CHECK (min_width_paise >= 0),
  fraction numeric(6, 4) NOT NULL CHECK (fraction > 0 AND fraction < 10),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 400),
  PRIMARY KEY (exchange, effective_from)
);
INSERT INTO price_protection_bands (exchange, effective_from, min_width_paise, fraction, source) VALUES
  ('NSE', '2022-10-31', 2000, 0.4000,
   'NSE/FAOP/54242 of 28 Oct 2022, in force 31 Oct 2022: index options ±₹20 up to a ₹50 reference price, ±40 % above it (NSE, "FAQs on Limit Price Protection")'),
  ('BSE', '2024-04-23', 3000, 0.6000,
   'BSE circular of 5 Apr 2024, in force 23 Apr 2024: index options ±60 % of the reference price, at least ±₹30');
