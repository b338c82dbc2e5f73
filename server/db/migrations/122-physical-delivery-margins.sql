-- Issue 63: the margin a physically settled stock F&O position needs as its expiry comes near, as the broker asks
-- for it, by the contract's expiry (a schedule is dated by the expiries it applies to, as stock_expiry_weekdays is)
-- with its source. Read by services/market/derivatives/physical-settlement.ts, the one reader.
--
-- position: 'long_itm_option' (a bought call or put in the money: the exchange asks for delivery margin from four
-- trading days before expiry, a share of the stock's VaR + ELM + ad hoc margin, then of the contract value);
-- 'future_or_short_option' (a future either way, a sold call or put: margined already, raised on the last days).
-- days_before: trading days before the expiry (0: the expiry day); a day with no row of its own keeps the row of
-- the nearest day before it in the schedule (the last step stays in force until expiry).
-- basis: what `percent` is a share of. 'var_elm_adhoc': the stock's VaR + ELM + ad hoc margin on the contract value
-- (the exchange's rates, not held here: without them the figure is not known, never guessed); 'contract_value':
-- shares × the underlying's price; 'contract_value_capped_nrml': `percent` of the contract value but at most
-- `nrml_multiple` × the position's NRML margin, and never less than that NRML margin.
CREATE TABLE physical_delivery_margins (
  exchange text NOT NULL CHECK (exchange = 'NSE'),
  expiring_from date NOT NULL,
  position text NOT NULL CHECK (position IN ('long_itm_option', 'future_or_short_option')),
  days_before smallint NOT NULL CHECK (days_before BETWEEN 0 AND 4),
  basis text NOT NULL CHECK (basis IN ('var_elm_adhoc', 'contract_value', 'contract_value_capped_nrml')),
  percent numeric(5, 2) NOT NULL CHECK (percent > 0 AND percent <= 100),
  nrml_multiple numeric(4, 2) CHECK (nrml_multiple IS NULL OR nrml_multiple >= 1),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 400),
  CHECK ((basis = 'contract_value_capped_nrml') = (nrml_multiple IS NOT NULL)),
  PRIMARY KEY (exchange, expiring_from, position, days_before)
);

INSERT INTO physical_delivery_margins (exchange, expiring_from, position, days_before, basis, percent, nrml_multiple, source) VALUES
  -- Thursday expiries: Zerodha's bulletin of 21 Jan 2021 (January 2021's expiry moved by the 26 Jan holiday).
  ('NSE', '2021-01-28', 'long_itm_option', 4, 'var_elm_adhoc', 10, NULL, 'Zerodha, "Physical delivery margin: In-the-money long options", bulletin of 21 Jan 2021: E-4 10% of VaR + ELM + Adhoc margins'),
  ('NSE', '2021-01-28', 'long_itm_option', 3, 'var_elm_adhoc', 25, NULL, 'Zerodha, "Physical delivery margin: In-the-money long options", bulletin of 21 Jan 2021: E-3 25% of VaR + ELM + Adhoc margins'),
  ('NSE', '2021-01-28', 'long_itm_option', 2, 'var_elm_adhoc', 45, NULL, 'Zerodha, "Physical delivery margin: In-the-money long options", bulletin of 21 Jan 2021: E-2 45% of VaR + ELM + Adhoc margins'),
  ('NSE', '2021-01-28', 'long_itm_option', 1, 'var_elm_adhoc', 70, NULL, 'Zerodha, "Physical delivery margin: In-the-money long options", bulletin of 21 Jan 2021: E-1 70% of VaR + ELM + Adhoc margins'),
  -- Tuesday expiries (stock contracts expiring from 1 Sep 2025): Zerodha's support article on the margins blocked
  -- for an existing long option (E-4 Wednesday BOD … expiry Tuesday BOD), and its policy on physical settlement.
  ('NSE', '2025-09-01', 'long_itm_option', 4, 'var_elm_adhoc', 10, NULL, 'Zerodha support, "Why are additional margins being blocked for my existing long option position?": E-4 (Wednesday BOD) 10% of VaR + ELM + Adhoc margins'),
  ('NSE', '2025-09-01', 'long_itm_option', 3, 'var_elm_adhoc', 25, NULL, 'Zerodha support, "Why are additional margins being blocked for my existing long option position?": E-3 (Thursday BOD) 25% of VaR + ELM + Adhoc margins'),
  ('NSE', '2025-09-01', 'long_itm_option', 2, 'var_elm_adhoc', 45, NULL, 'Zerodha support, "Why are additional margins being blocked for my existing long option position?": E-2 (Friday BOD) 45% of VaR + ELM + Adhoc margins'),
  ('NSE', '2025-09-01', 'long_itm_option', 1, 'contract_value', 25, NULL, 'Zerodha support, "Why are additional margins being blocked for my existing long option position?": E-1 (Monday BOD) 25% of the contract value'),
  ('NSE', '2025-09-01', 'long_itm_option', 0, 'contract_value', 50, NULL, 'Zerodha support, "Why are additional margins being blocked for my existing long option position?": expiry day (Tuesday BOD) 50% of the contract value'),
  ('NSE', '2025-09-01', 'future_or_short_option', 0, 'contract_value_capped_nrml', 50, 1.5, 'Zerodha support, "What is Zerodha''s policy on the physical settlement of equity derivatives on expiry?": stock futures and short options on the expiry day, 50% of the contract value or 1.5 times NRML margin, whichever is lower');
