-- Lot size belongs to the contract, not the day (issue 60). NSE revises an index's market lot by circular for
-- the contracts expiring after a given expiry, and leaves the nearer ones at the old lot until they expire: two
-- lots trade side by side for weeks (from 29 October 2025 NIFTY's weeklies and its November and December
-- monthlies traded at 75 beside the January 2026 monthly at 65). index_config held one lot per index and date, so
-- a replay of such a day showed the January contract at 75 and refused an order of 65.
--
-- A row: from `effective_from` (the first trading day it applies), the contracts of `index_name` expiring after
-- `expiring_after` (every contract when null) carry `lot_size`. The lot of a contract on a day is the row in force
-- that day, with the latest effective_from, among those whose expiry condition it meets (on the same day, the one
-- with the latest expiring_after: a revision written beside the lot it leaves to the nearer contracts)
-- (services/market/contract-lots.ts, the one reader). Where a file carries each contract's own lot (UDiFF's
-- NewBrdLotQty, from July 2024) or a live broker's instrument master does (Kite's dump, Upstox's file), theirs is
-- used; these rows serve the older bhavcopy layout, the days a live feed recorded, and the simulator.
CREATE TABLE lot_revisions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  index_name text NOT NULL CHECK (index_name IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX')),
  effective_from date NOT NULL,
  expiring_after date,
  lot_size integer NOT NULL CHECK (lot_size > 0),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 1000)
);
CREATE UNIQUE INDEX lot_revisions_key ON lot_revisions (index_name, effective_from, coalesce(expiring_after, DATE '0001-01-01'));

INSERT INTO lot_revisions (index_name, effective_from, expiring_after, lot_size, source) VALUES
  -- NSE/FAOP/47854 (31 March 2021, in force from 30 April 2021): NIFTY 75 → 50 for the July 2021 monthly (29 July)
  -- and beyond, and for the weeklies from August 2021; the May and June monthlies and the July weeklies (the last on
  -- 22 July) kept 75. Its point 4 moved the existing long-dated options (over three months) to 50 only after the
  -- June 2021 expiry: from 30 April to 24 June 2021 this table gives them 50, not their 75.
  ('NIFTY', '2021-03-31', NULL, 75, 'NSE/FAOP/47854 (31 Mar 2021): NIFTY''s present market lot 75'),
  ('NIFTY', '2021-04-30', '2021-07-22', 50, 'NSE/FAOP/47854 (31 Mar 2021): NIFTY 75 → 50 from 30 Apr 2021 for the July 2021 monthly and the August 2021 weeklies on; the July weeklies kept 75'),
  -- NSE's circular of 2 April 2024 (Zerodha bulletin "Revision in lot size of Index derivative contracts from April
  -- 26, 2024", which reproduces the exchange's table): NIFTY 50 → 25 for every contract expiring after 26 April
  -- 2024; FINNIFTY 40 → 25 and MIDCPNIFTY 75 → 50 from the July 2024 monthlies (30 and 29 July) and the weeklies
  -- after July (6 and 5 August); BANKNIFTY 15 unchanged.
  ('NIFTY', '2024-04-26', NULL, 25, 'NSE circular of 2 Apr 2024 (Zerodha bulletin of 2 Apr 2024): NIFTY 50 → 25 for the contracts expiring after 26 Apr 2024'),
  ('BANKNIFTY', '2024-04-26', NULL, 15, 'NSE circular of 2 Apr 2024 (Zerodha bulletin of 2 Apr 2024): BANKNIFTY''s lot 15, unchanged'),
  ('FINNIFTY', '2024-04-26', NULL, 40, 'NSE circular of 2 Apr 2024 (Zerodha bulletin of 2 Apr 2024): FINNIFTY''s present lot 40'),
  ('FINNIFTY', '2024-04-26', '2024-07-23', 25, 'NSE circular of 2 Apr 2024 (Zerodha bulletin of 2 Apr 2024): FINNIFTY 40 → 25 from the July 2024 monthly (30 Jul) and the weeklies from 6 Aug 2024'),
  ('MIDCPNIFTY', '2024-04-26', NULL, 75, 'NSE circular of 2 Apr 2024 (Zerodha bulletin of 2 Apr 2024): MIDCPNIFTY''s present lot 75'),
  ('MIDCPNIFTY', '2024-04-26', '2024-07-22', 50, 'NSE circular of 2 Apr 2024 (Zerodha bulletin of 2 Apr 2024): MIDCPNIFTY 75 → 50 from the July 2024 monthly (29 Jul) and the weeklies from 5 Aug 2024'),
  -- NSE's circular of 18 October 2024 (SEBI's ₹15 lakh minimum contract value; business-standard 19 Oct 2024): the
  -- contracts introduced from 20 November 2024 carry NIFTY 75, BANKNIFTY 30, FINNIFTY 65, MIDCPNIFTY 120, while
  -- the weekly and monthly contracts already listed kept their lot to expiry. Which contracts were listed before
  -- that day is not an expiry date this table can hold: every contract of a day from 20 November 2024 gets the new
  -- lot here. The days in question have UDiFF files, whose own lots are used; only a simulator set in those weeks
  -- reads these rows.
  ('NIFTY', '2024-11-20', NULL, 75, 'NSE circular of 18 Oct 2024 (business-standard 19 Oct 2024): NIFTY 25 → 75 for the contracts introduced from 20 Nov 2024'),
  ('BANKNIFTY', '2024-11-20', NULL, 30, 'NSE circular of 18 Oct 2024 (business-standard 19 Oct 2024): BANKNIFTY 15 → 30 for the contracts introduced from 20 Nov 2024'),
  ('FINNIFTY', '2024-11-20', NULL, 65, 'NSE circular of 18 Oct 2024 (business-standard 19 Oct 2024): FINNIFTY 25 → 65 for the contracts introduced from 20 Nov 2024'),
  ('MIDCPNIFTY', '2024-11-20', NULL, 120, 'NSE circular of 18 Oct 2024 (business-standard 19 Oct 2024): MIDCPNIFTY 50 → 120 for the contracts introduced from 20 Nov 2024'),
  -- NSE's circular of 28 March 2025, in force from 25 April 2025 (capitalmarket.com and ndtvprofit, 31 Mar 2025):
  -- BANKNIFTY 30 → 35 and MIDCPNIFTY 120 → 140 from the July 2025 monthly (31 July); the April, May and June
  -- monthlies (the last on 26 June) kept their lots. NIFTY 75 and FINNIFTY 65 unchanged.
  ('BANKNIFTY', '2025-04-25', '2025-06-26', 35, 'NSE circular of 28 Mar 2025, from 25 Apr 2025 (capitalmarket.com 31 Mar 2025): BANKNIFTY 30 → 35 from the July 2025 monthly'),
  ('MIDCPNIFTY', '2025-04-25', '2025-06-26', 140, 'NSE circular of 28 Mar 2025, from 25 Apr 2025 (capitalmarket.com 31 Mar 2025): MIDCPNIFTY 120 → 140 from the July 2025 monthly'),
  -- NSE/FAOP/70616 (3 October 2025), from EOD 28 October 2025: the contracts expiring after the 30 December 2025
  -- expiry carry NIFTY 65, BANKNIFTY 30, FINNIFTY 60, MIDCPNIFTY 120; those expiring on or before it kept 75, 35, 65
  -- and 140 (market-rules-2026.md; ndtvprofit, Zerodha support "lot size for index derivatives").
  ('NIFTY', '2025-10-29', '2025-12-30', 65, 'NSE/FAOP/70616 (3 Oct 2025): NIFTY 75 → 65 for the contracts expiring after 30 Dec 2025, from EOD 28 Oct 2025'),
  ('BANKNIFTY', '2025-10-29', '2025-12-30', 30, 'NSE/FAOP/70616 (3 Oct 2025): BANKNIFTY 35 → 30 for the contracts expiring after 30 Dec 2025, from EOD 28 Oct 2025'),
  ('FINNIFTY', '2025-10-29', '2025-12-30', 60, 'NSE/FAOP/70616 (3 Oct 2025): FINNIFTY 65 → 60 for the contracts expiring after 30 Dec 2025, from EOD 28 Oct 2025'),
  ('MIDCPNIFTY', '2025-10-29', '2025-12-30', 120, 'NSE/FAOP/70616 (3 Oct 2025): MIDCPNIFTY 140 → 120 for the contracts expiring after 30 Dec 2025, from EOD 28 Oct 2025'),
  -- BSE's SENSEX lot: 20 in migration 002's facts (from 30 December 2025); BSE's circular is not dated here.
  ('SENSEX', '2025-12-30', NULL, 20, 'BSE: SENSEX lot 20, in force on 30 Dec 2025 (migration 002''s index facts; BSE''s circular not dated here)');

-- index_config's lot_size is no longer read for a contract's lot (its freeze quantity, strike step, expiry cycle
-- and exchange still are); the column stays, as its CHECK against the freeze quantity does.
COMMENT ON COLUMN index_config.lot_size IS 'Not read for a contract''s lot since migration 088 (services/market/contract-lots.ts: lot_revisions, a file''s or a broker''s own); the analytics view analytics_index_config still shows it.';
