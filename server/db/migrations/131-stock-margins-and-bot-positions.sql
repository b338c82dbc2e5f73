-- Issue 63: stock margins calibrated on published figures, and a stock-alert bot's positions.
--
-- 1. A stock's margin rates, each row a published figure with its date and source and the rates the paper broker's
--    SPAN-like model takes from it (services/brokers/paper/contracts.ts marginParams). A stock future's NRML margin
--    is SPAN + exposure: the stock's price scan (its VaR-like rate: NSE's SPAN file scans a stock future by the
--    stock's own risk, not a rule for all) times the contract value, and the exposure (extreme loss) rate times the
--    contract value. Where the source gives both parts (NSE's daily F&O margin files, as brokers republish them),
--    both are its; where it gives the total only (a broker's calculator), the exposure is SEBI's 3.5 % floor for
--    stock derivatives and the price scan the rest. `published_total` is the source's figure, which the model must
--    meet within 5 % (tests/server/trading/stock-margin-calibration.test.ts, `npm run bench -- margin-calibration`).
--    A row is in force from `effective_from` to `effective_until` (inclusive; null: until a later row): a daily
--    margin file speaks for its own day only. The volatility scan and the short option minimum are not published
--    with these figures: the model's 5 points and 3.75 % (migration 116's placeholder) stand for them.
--    A stock with no row in force keeps migration 116's placeholder (price scan 12 %, exposure 3.5 %) if the
--    simulator prices it. Figures found (1 Dec 2026); none of 2026 for the simulator's 20 stocks was found:
--    - 360ONE future, 26 Dec 2025: 22.5 % of the contract value (Zerodha's margin calculator, NRML);
--    - NSE's "Details of daily margin applicable for F&O segment" for 22 Jan 2013 (SPAN % + exposure %, a broker's copy
--      at scribd.com/doc/286906303): AXISBANK 10.70 + 5.00, ASIANPAINT 10.70 + 5.00, BAJAJ-AUTO 10.73 + 5.00,
--      BANKBARODA 10.70 + 5.00, ADANIENT 12.10 + 5.00, ADANIPORTS 10.72 + 5.00 (exposure was 5 % then);
--    - NSE's F&O margin file as on 28 Feb 2015 (IL&FS's copy, vdocument.in/span-margin.html), near month: ADANIENT
--      10.55 + 5.00, ADANIPORTS 9.26 + 5.00.
CREATE TABLE stock_margin_rates (
  symbol text NOT NULL REFERENCES underlyings (symbol),
  effective_from date NOT NULL,
  effective_until date CHECK (effective_until IS NULL OR effective_until >= effective_from),
  price_scan numeric(6, 4) NOT NULL CHECK (price_scan > 0 AND price_scan < 1),
  exposure_rate numeric(6, 4) NOT NULL CHECK (exposure_rate >= 0 AND exposure_rate < 1),
  volatility_scan numeric(6, 4) NOT NULL DEFAULT 0.0500 CHECK (volatility_scan >= 0 AND volatility_scan < 1),
  short_option_minimum numeric(6, 4) NOT NULL DEFAULT 0.0375 CHECK (short_option_minimum >= 0 AND short_option_minimum < 1),
  -- The published figure of a one-lot future, as a share of its contract value.
  published_total numeric(6, 4) NOT NULL CHECK (published_total > 0 AND published_total < 1),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 600),
  PRIMARY KEY (symbol, effective_from)
);

INSERT INTO stock_margin_rates (symbol, effective_from, effective_until, price_scan, exposure_rate, published_total, source) VALUES
  ('360ONE', '2025-12-26', NULL, 0.1900, 0.0350, 0.2250,
   'Zerodha margin calculator, 360ONE futures (NRML), 26 Dec 2025: 22.5 % of the contract value; exposure taken at SEBI''s 3.5 % floor for stock derivatives, the price scan the rest'),
  ('AXISBANK', '2013-01-22', '2013-01-22', 0.1070, 0.0500, 0.1570, 'NSE daily margin applicable for the F&O segment, 22 Jan 2013 (a broker''s copy, scribd.com/doc/286906303): SPAN 10.70 %, exposure 5.00 %'),
  ('ASIANPAINT', '2013-01-22', '2013-01-22', 0.1070, 0.0500, 0.1570, 'NSE daily margin applicable for the F&O segment, 22 Jan 2013 (a broker''s copy, scribd.com/doc/286906303): SPAN 10.70 %, exposure 5.00 %'),
  ('BAJAJ-AUTO', '2013-01-22', '2013-01-22', 0.1073, 0.0500, 0.1573, 'NSE daily margin applicable for the F&O segment, 22 Jan 2013 (a broker''s copy, scribd.com/doc/286906303): SPAN 10.73 %, exposure 5.00 %'),
  ('BANKBARODA', '2013-01-22', '2013-01-22', 0.1070, 0.0500, 0.1570, 'NSE daily margin applicable for the F&O segment, 22 Jan 2013 (a broker''s copy, scribd.com/doc/286906303): SPAN 10.70 %, exposure 5.00 %'),
  ('ADANIENT', '2013-01-22', '2013-01-22', 0.1210, 0.0500, 0.1710, 'NSE daily margin applicable for the F&O segment, 22 Jan 2013 (a broker''s copy, scribd.com/doc/286906303): SPAN 12.10 %, exposure 5.00 %'),
  ('ADANIPORTS', '2013-01-22', '2013-01-22', 0.1072, 0.0500, 0.1572, 'NSE daily margin applicable for the F&O segment, 22 Jan 2013 (a broker''s copy, scribd.com/doc/286906303): SPAN 10.72 %, exposure 5.00 %'),
  ('ADANIENT', '2015-02-28', '2015-02-28', 0.1055, 0.0500, 0.1555, 'NSE F&O margin file as on 28 Feb 2015, near month (IL&FS''s copy, vdocument.in/span-margin.html): SPAN 10.55 %, exposure 5.00 %'),
  ('ADANIPORTS', '2015-02-28', '2015-02-28', 0.0926, 0.0500, 0.1426, 'NSE F&O margin file as on 28 Feb 2015, near month (IL&FS''s copy, vdocument.in/span-margin.html): SPAN 9.26 %, exposure 5.00 %');

-- 2. A bot trading the stock named in the alert (migration 128) holds one position per stock, up to this many stocks
--    at once (the trader's cap; 5 by default: a scan that fires on many stocks should not open a position in each).
--    An entry alert naming a stock the bot holds leaves that stock out; an exit alert naming stocks closes those.
ALTER TABLE trading_bots ADD COLUMN max_stock_positions smallint NOT NULL DEFAULT 5 CHECK (max_stock_positions BETWEEN 1 AND 20);
