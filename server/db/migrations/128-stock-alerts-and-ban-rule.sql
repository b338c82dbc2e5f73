-- Issue 63: alerts naming a stock, and the rule a stock enters and leaves the F&O ban by.
--
-- 1. A trading bot whose underlying is "the stock named in the alert" (trading_bots.stock_from_alert): a ChartInk
--    scan's `stocks` ("RELIANCE,TCS") or a TradingView alert's `stocks` trades each stock's own contract, chosen
--    around that stock's money on its own strike step, month and lot. Such a bot has no stock of its own to enter
--    by its rules, so its entries come only from its webhook; `underlying` stays the NSE index whose session and
--    calendar it keeps (stocks trade on NFO).
ALTER TABLE trading_bots ADD COLUMN stock_from_alert boolean NOT NULL DEFAULT false;

-- 2. When a stock is in the ban: its open interest over `enter_pct` of its market-wide position limit (MWPL) puts it
--    in; it stays in until the open interest falls below `leave_pct`. What the open interest is measured in changed
--    on 1 Oct 2025: the sum of the contracts' open interest (notional) before, the delta-adjusted future-equivalent
--    open interest (FutEq OI) since, against an MWPL of min(15 % of free float, 65 × average daily delivery value),
--    checked at no fewer than four random snapshots a day. The ban list itself is NSE's file (fo_ban_days,
--    migration 117): this rule says why a stock is on it (services/market/ban-list/ban-rule.ts).
CREATE TABLE fo_ban_rules (
  exchange text NOT NULL CHECK (exchange IN ('NSE')),
  -- null: in force before any of the sources (the rule of the years before SEBI's 2025 circular).
  effective_from date,
  oi_measure text NOT NULL CHECK (oi_measure IN ('notional', 'futures_equivalent')),
  enter_pct numeric(5, 2) NOT NULL CHECK (enter_pct > 0 AND enter_pct <= 100),
  leave_pct numeric(5, 2) NOT NULL CHECK (leave_pct > 0),
  -- How many times a day the exchange checks the open interest against the limit (null: once, at the day's end).
  checks_a_day_at_least smallint CHECK (checks_a_day_at_least IS NULL OR checks_a_day_at_least >= 1),
  mwpl text NOT NULL CHECK (char_length(mwpl) BETWEEN 1 AND 300),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 600),
  CHECK (leave_pct < enter_pct),
  UNIQUE NULLS NOT DISTINCT (exchange, effective_from)
);

INSERT INTO fo_ban_rules (exchange, effective_from, oi_measure, enter_pct, leave_pct, checks_a_day_at_least, mwpl, source) VALUES
  ('NSE', NULL, 'notional', 95, 80, NULL, '20 % of the non-promoter holding (shares)',
   'NSE''s ban rule before SEBI''s circular of 29 May 2025: a stock enters the ban when its open interest crosses 95 % of the MWPL and leaves it when the open interest falls below 80 % (5paisa knowledge base, "Why do F&O contracts enter a ban period?"; newstopical explainer of the 1 Oct 2025 change, "Old rule")'),
  ('NSE', '2025-10-01', 'futures_equivalent', 95, 80, 4, 'min(15 % of free float, 65 × average daily delivery value of the last three months)',
   'SEBI circular of 29 May 2025 on equity derivatives (businesstoday and moneycontrol, 29 May 2025: FutEq OI in place of notional OI, MWPL tied to free float and delivery value from 1 Oct 2025, monitored at random intraday snapshots); Kotak Securities bulletin "SEBI new F&O rules explained" and Angel One''s notice of position limits in the ban period (from 8 Dec 2025, at least four random checks a day); the 95 % and 80 % thresholds unchanged');
