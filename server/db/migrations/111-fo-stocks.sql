-- Issue 63, slice 1: the F&O stocks a named, dated source gives (migration 110 holds the tables). 24 stocks: the
-- 13 whose lots NSE's review of October 2025 revised and whose figures could be read, and 11 whose F&O membership
-- news reports of NSE's circulars date. NSE lists about 220; the others (the 180 of that review's "unchanged"
-- annexure, its 12 other revisions, and the additions of 2024-2025) are left out until their lots can be read from
-- a source: no figure here is guessed. Sources (read on 30 Nov 2026):
-- [L] tradingqna (Zerodha), "NSE revises market lots for stock derivatives effective October 29, 2025", which
--     reproduces NSE's circular (annexures 1 and 2): 8 lots revised down for the November 2025 expiries on, 17 up
--     for the January 2026 expiries on (the November and December 2025 contracts keep the old lot), 180 unchanged,
--     3 down to a lot not a multiple of the old from January 2026. Read: all 8 down, the first 5 of the 17 up.
-- [H] niftytrader, "NSE to Exclude Four Stocks from F&O Segment by January 2026": NSE's circular of 24 Oct 2025,
--     Cyient, HFCL, NCC and Titagarh Rail Systems; the October, November and December 2025 contracts trade to
--     expiry (new strikes still added), none after the December 2025 expiry (30 Dec 2025).
-- [A] businesstoday 24 Jun 2025 and Angel One 24 Jun 2025: NSE's circular of 23 Jun 2025 excludes eight stocks from
--     29 Aug 2025 (the June, July and August 2025 contracts trade to expiry); six of them were added on 29 Nov 2024.
-- [B] businesstoday 22 May 2025 and wownews24x7 (2025): Bharat Dynamics among the stocks added from 30 May 2025.
INSERT INTO underlyings (symbol, name, kind, exchange, settlement, source)
SELECT symbol, name, 'stock', 'NSE', 'physical',
  'Stock derivatives settle by delivery (market-rules-2026.md, Stock F&O); name as NSE''s circular prints it (' || src || ')'
FROM (VALUES
  ('BAJAJFINSV', 'Bajaj Finserv Ltd', '[L]'),
  ('BEL', 'Bharat Electronics Ltd', '[L]'),
  ('HDFCBANK', 'HDFC Bank Ltd', '[L]'),
  ('HINDALCO', 'Hindalco Industries Ltd', '[L]'),
  ('LAURUSLABS', 'Laurus Labs Ltd', '[L]'),
  ('MFSL', 'Max Financial Services Ltd', '[L]'),
  ('NMDC', 'NMDC Ltd', '[L]'),
  ('TVSMOTOR', 'TVS Motor Company Ltd', '[L]'),
  ('BDL', 'Bharat Dynamics Ltd', '[L]'),
  ('HFCL', 'HFCL Ltd', '[L]'),
  ('INOXWIND', 'Inox Wind Ltd', '[L]'),
  ('KFINTECH', 'KFin Technologies Ltd', '[L]'),
  ('KPITTECH', 'KPIT Technologies Ltd', '[L]'),
  ('CYIENT', 'Cyient Ltd', '[H]'),
  ('NCC', 'NCC Ltd', '[H]'),
  ('TITAGARH', 'Titagarh Rail Systems Ltd', '[H]'),
  ('ATGL', 'Adani Total Gas Ltd', '[A]'),
  ('CESC', 'CESC Ltd', '[A]'),
  ('IRB', 'IRB Infrastructure Developers Ltd', '[A]'),
  ('JSL', 'Jindal Stainless Ltd', '[A]'),
  ('POONAWALLA', 'Poonawalla Fincorp Ltd', '[A]'),
  ('SJVN', 'SJVN Ltd', '[A]'),
  ('GRANULES', 'Granules India Ltd', '[A]'),
  ('ABFRL', 'Aditya Birla Fashion and Retail Ltd', '[A]')
) AS stocks (symbol, name, src);

INSERT INTO fo_memberships (symbol, listed_from, listed_source, excluded_from, exclusion_announced_on, exclusion_source)
SELECT symbol, listed_from::date, listed_source, excluded_from::date, announced::date, exclusion_source
FROM (VALUES
  ('BAJAJFINSV', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('BEL', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('HDFCBANK', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('HINDALCO', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('LAURUSLABS', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('MFSL', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('NMDC', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('TVSMOTOR', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('BDL', '2025-05-30', '[B] added to F&O from 30 May 2025 (NSE circulars of May 2025)', NULL, NULL, NULL),
  ('INOXWIND', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('KFINTECH', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('KPITTECH', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('HFCL', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here',
   '2025-12-31', '2025-10-24', '[H] NSE circular of 24 Oct 2025: no contract month after December 2025; the Oct, Nov and Dec 2025 contracts trade to expiry (30 Dec 2025)'),
  ('CYIENT', NULL, '[H] in F&O on 24 Oct 2025; listing date not among the sources here',
   '2025-12-31', '2025-10-24', '[H] NSE circular of 24 Oct 2025: no contract month after December 2025; the Oct, Nov and Dec 2025 contracts trade to expiry (30 Dec 2025)'),
  ('NCC', NULL, '[H] in F&O on 24 Oct 2025; listing date not among the sources here',
   '2025-12-31', '2025-10-24', '[H] NSE circular of 24 Oct 2025: no contract month after December 2025; the Oct, Nov and Dec 2025 contracts trade to expiry (30 Dec 2025)'),
  ('TITAGARH', NULL, '[H] in F&O on 24 Oct 2025; listing date not among the sources here',
   '2025-12-31', '2025-10-24', '[H] NSE circular of 24 Oct 2025: no contract month after December 2025; the Oct, Nov and Dec 2025 contracts trade to expiry (30 Dec 2025)'),
  ('ATGL', '2024-11-29', '[A] added to F&O on 29 Nov 2024',
   '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('CESC', '2024-11-29', '[A] added to F&O on 29 Nov 2024',
   '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('IRB', '2024-11-29', '[A] added to F&O on 29 Nov 2024',
   '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('JSL', '2024-11-29', '[A] added to F&O on 29 Nov 2024',
   '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('POONAWALLA', '2024-11-29', '[A] added to F&O on 29 Nov 2024',
   '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('SJVN', '2024-11-29', '[A] added to F&O on 29 Nov 2024',
   '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('GRANULES', NULL, '[A] in F&O on 23 Jun 2025; listing date not among the sources here',
   '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('ABFRL', NULL, '[A] in F&O on 23 Jun 2025; listing date not among the sources here',
   '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry')
) AS spells (symbol, listed_from, listed_source, excluded_from, announced, exclusion_source);

-- Lots [L]: the present lot (in force on 28 Oct 2025, the day before the revision; before it the earliest row
-- answers, as for the indices), then the revised one: for every contract from 29 Oct 2025 where revised down (the
-- October contracts had expired on the 28th), for the contracts expiring after the December 2025 expiry (30 Dec)
-- where revised up. HFCL's January lot never traded (excluded after December): it stays, being the circular's.
INSERT INTO lot_revisions (index_name, effective_from, expiring_after, lot_size, source)
SELECT symbol, effective_from::date, expiring_after::date, lot_size, source
FROM (VALUES ('BAJAJFINSV', 500, 250, 'down'), ('BEL', 2850, 1425, 'down'), ('HDFCBANK', 1100, 550, 'down'), ('HINDALCO', 1400, 700, 'down'),
             ('LAURUSLABS', 1700, 850, 'down'), ('MFSL', 800, 400, 'down'), ('NMDC', 13500, 6750, 'down'), ('TVSMOTOR', 350, 175, 'down'),
             ('BDL', 325, 350, 'up'), ('HFCL', 6450, 7125, 'up'), ('INOXWIND', 3272, 3575, 'up'), ('KFINTECH', 450, 500, 'up'), ('KPITTECH', 400, 425, 'up')
) AS review (symbol, old_lot, new_lot, direction)
CROSS JOIN LATERAL (VALUES
  ('2025-10-28', NULL, old_lot, '[L] NSE''s lot review in force 29 Oct 2025: ' || symbol || '''s present market lot ' || old_lot),
  ('2025-10-29', CASE direction WHEN 'up' THEN '2025-12-30' END, new_lot,
   '[L] NSE''s lot review in force 29 Oct 2025: ' || symbol || ' ' || old_lot || ' → ' || new_lot ||
   CASE direction WHEN 'up' THEN ' from the January 2026 expiry (November and December 2025 keep ' || old_lot || ')' ELSE ' from the November 2025 expiry' END)
) AS lots (effective_from, expiring_after, lot_size, source);
