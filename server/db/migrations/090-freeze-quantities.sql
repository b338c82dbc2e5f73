-- Quantity freeze limits as dated data with their source (issue 60). NSE revises the index freeze limits by a
-- circular about once a month (chapter 1.8, later 1.9, of its F&O consolidated circular: NSE/FAOP/67775 of
-- 30 April 2025, NSE/FAOP/73928 of 28 April 2026); index_config held one number per index row with no date of
-- its own and no source. A row here holds from `effective_from` until the next row of the same underlying;
-- index-config.ts reads the row in force on the order's IST day (the earliest row before the first, as for the
-- other index facts), and index_config.freeze_quantity is only the fallback for an underlying with no row here.
-- A live broker whose instrument file carries a freeze quantity (Upstox) has its own value used for its orders
-- (broker_instrument_facts, migration 091).
--
-- Sources. NSE's circulars are named by their download reference (NSE/FAOP/NNNNN) and date; their figures were
-- read from the summaries of each circular in rhnvrm/stock-market-circulars (the PDFs at nsearchives.nseindia.com
-- are not reachable from here) and agree with the news reports quoted beside them where there is one. Earlier
-- rows name the broker's or newspaper's notice the figures were read from, the circular number being unknown.
-- Not written, because no figures could be read: NSE/FAOP/70530 of 30 September 2025 (in force 1 October 2025),
-- so the row of 1 September 2025 stays in force here until 3 November 2025; Angel One's notice of 4 November
-- 2024 (its figures are not in the copy read); BSE's circulars for SENSEX.
CREATE TABLE freeze_quantities (
  underlying text NOT NULL CHECK (underlying ~ '^[A-Z][A-Z0-9&_-]{0,19}$'),
  effective_from date NOT NULL,
  -- Units (not lots): an order of more is frozen by the exchange; StrikeDesk slices at it in whole lots.
  freeze_quantity integer NOT NULL CHECK (freeze_quantity > 0),
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 400),
  PRIMARY KEY (underlying, effective_from)
);

INSERT INTO freeze_quantities (underlying, effective_from, freeze_quantity, source)
SELECT underlying, effective_from::date, freeze_quantity, source
FROM (VALUES
  ('2021-08-02', 2800, 1200, 2800, NULL,
   'NSE circular of 31 Jul 2021 (number not among the sources here): index freeze limits from 2 Aug 2021, as 5paisa''s "NSE announces quantity freeze limits" quotes them'),
  ('2022-11-01', 1800, 900, 1800, 5500,
   'NSE circular in force 1 Nov 2022 (number not among the sources here): figures from Dhan''s notice "Revised quantity freeze limit on NSE"'),
  ('2023-04-03', 1800, 900, 1800, 5500,
   'NSE circular in force 3 Apr 2023 (number not among the sources here): figures from Angel One''s notice "Quantity Freeze Limits for Indices" of 3 Apr 2023'),
  ('2024-08-01', 1800, 900, 1800, 2800,
   'NSE circular in force 1 Aug 2024 (number not among the sources here): figures from Angel One''s notice of 1 Aug 2024'),
  ('2024-12-05', 1800, 900, 1800, 2800,
   'NSE circular in force 5 Dec 2024 (number not among the sources here): figures from Angel One''s notice of 5 Dec 2024'),
  ('2025-03-03', 1800, 900, 1800, 4200,
   'NSE circular in force 3 Mar 2025 (number not among the sources here): figures from Angel One''s notice of 3 Mar 2025'),
  ('2025-07-01', 1800, 600, 1800, 2800,
   'NSE circular of 30 Jun 2025 (number not among the sources here), in force 1 Jul 2025: figures as moneycontrol''s report of 29 Aug 2025 gives the earlier limits'),
  ('2025-08-01', 1800, 600, 1800, 2800, 'NSE/FAOP/69431 of 31 Jul 2025, in force 1 Aug 2025'),
  ('2025-09-01', 1800, 900, 1800, 2800, 'NSE/FAOP/69913 of 29 Aug 2025, in force 1 Sep 2025 (moneycontrol, 29 Aug 2025)'),
  ('2025-11-03', 1800, 600, 1800, 2800, 'NSE/FAOP/71087 of 31 Oct 2025, in force 3 Nov 2025'),
  ('2025-12-01', 1800, 600, 1200, 2800, 'NSE/FAOP/71540 of 28 Nov 2025, in force 1 Dec 2025 (ICICI Direct, "Revised quantity freeze limits")'),
  ('2026-01-01', 1800, 600, 1200, 2800, 'NSE/FAOP/72094 of 31 Dec 2025, in force 1 Jan 2026'),
  ('2026-02-01', 1800, 600, 1800, 2800, 'NSE/FAOP/72534 of 30 Jan 2026, in force 1 Feb 2026 (ICICI Direct, "Revised quantity freeze limits")'),
  ('2026-03-02', 1800, 600, 1200, 2800, 'NSE/FAOP/73039 of 27 Feb 2026, in force 2 Mar 2026'),
  ('2026-04-01', 1800, 900, 1800, 2800, 'NSE/FAOP/73531 of 30 Mar 2026, in force 1 Apr 2026'),
  ('2026-05-04', 1800, 900, 1800, 2800, 'NSE/FAOP/73991 of 30 Apr 2026, in force 4 May 2026'),
  ('2026-06-01', 1800, 900, 1800, 2800, 'NSE/FAOP/74469 of 29 May 2026, in force 1 Jun 2026'),
  ('2026-07-01', 1800, 600, 1800, 2800, 'NSE/FAOP/74942 of 30 Jun 2026, in force 1 Jul 2026'),
  ('2026-08-03', 1800, 600, 1800, 2800, 'NSE/FAOP/75521 of 31 Jul 2026, in force 3 Aug 2026')
) AS circulars (effective_from, nifty, banknifty, finnifty, midcpnifty, source)
CROSS JOIN LATERAL (VALUES ('NIFTY', nifty), ('BANKNIFTY', banknifty), ('FINNIFTY', finnifty), ('MIDCPNIFTY', midcpnifty)) AS limits (underlying, freeze_quantity)
WHERE freeze_quantity IS NOT NULL;

-- SENSEX (BSE): 1,000 units, the figure index_config has held since its first row. No BSE circular is among the
-- sources here, so the row is dated from that first row, not from BSE's own date.
INSERT INTO freeze_quantities (underlying, effective_from, freeze_quantity, source) VALUES
  ('SENSEX', '2025-12-30', 1000,
   'BSE: SENSEX 1,000 units (ICICI Direct, "What is a Quantity Freeze Limit", early 2026); BSE''s circular and its date are not among the sources here: dated from StrikeDesk''s first index_config row');

-- Where the other index facts come from, for the Market facts screen: index_config's rows had no source. Added
-- only if absent (the lot-size work of issue 60 may add its own), and filled where it is empty.
ALTER TABLE index_config ADD COLUMN IF NOT EXISTS source text;
UPDATE index_config SET source = CASE
    WHEN index_name = 'SENSEX' THEN 'BSE: SENSEX lot 20, strikes every 100, weekly expiry on Thursday (BSE, from 1 Sep 2025 after SEBI''s circular of 26 May 2025)'
    ELSE 'NSE/FAOP/70616 (3 Oct 2025): lots ' || CASE index_name WHEN 'NIFTY' THEN '75 → 65' WHEN 'BANKNIFTY' THEN '35 → 30' WHEN 'FINNIFTY' THEN '65 → 60' ELSE '140 → 120' END
      || ' for contracts after the 30 Dec 2025 expiry; expiry on Tuesday (NSE/FAOP/68589, SEBI circular of 26 May 2025)'
  END
WHERE effective_from = DATE '2025-12-30' AND source IS NULL;
UPDATE index_config SET source = CASE effective_from
    WHEN DATE '2021-03-31' THEN 'NSE/FAOP/47854 (31 Mar 2021): NIFTY lot 75'
    WHEN DATE '2021-07-30' THEN 'NSE/FAOP/47854 (31 Mar 2021): NIFTY lot 50 from the July 2021 monthly'
    WHEN DATE '2024-04-26' THEN 'NSE circular of 3 Apr 2024: NIFTY lot 25 for contracts from 26 Apr 2024'
    WHEN DATE '2024-11-20' THEN 'NSE circular of 18 Oct 2024 (SEBI''s ₹15 lakh minimum contract value): NIFTY lot 75 from 20 Nov 2024'
  END
WHERE index_name = 'NIFTY' AND source IS NULL;
