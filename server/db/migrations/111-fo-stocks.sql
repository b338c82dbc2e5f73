-- Issue 63, slice 1: the F&O stocks a named, dated source gives (migration 110 holds the tables): 71 of the about
-- 220 NSE lists. Lots for 13 of them (those NSE's review of October 2025 revised and whose figures could be read);
-- the others are members on the dates given, their lots still to come (null in the search, never guessed). Missing:
-- the 180 of that review's "unchanged" annexure and its 12 other revisions, whose lots and names could not be read
-- from here; ZOMATO (added 29 Nov 2024, renamed ETERNAL in 2025 on a day not among the sources); the exclusions of
-- March 2025 (Apollo Tyres, Deepak Nitrite, Escorts, MRF, Ramco Cements: the sources differ on the day) and ACC,
-- Balkrishna, Chambal, M&M Financial, Tata Communications (excluded 1 Aug 2025 by one report that dates no circular).
-- Sources (read on 30 Nov 2026):
-- [L] tradingqna (Zerodha), "NSE revises market lots for stock derivatives effective October 29, 2025", which
--     reproduces NSE's circular (annexures 1 and 2): 8 lots revised down for the November 2025 expiries on, 17 up
--     for the January 2026 expiries on (the November and December 2025 contracts keep the old lot), 180 unchanged,
--     3 down to a lot not a multiple of the old from January 2026. Read: all 8 down, the first 5 of the 17 up.
-- [N] tradingqna, "DMart, LIC, Paytm, Zomato and 41 other stocks to be included in F&O segment", and business-standard
--     13 Nov 2024: NSE's circular of 13 Nov 2024 adds 45 securities from 29 Nov 2024 (lots by a circular of 28 Nov,
--     not read). Names as the circular prints them.
-- [B] businesstoday 22 May 2025 and wownews24x7 (2025): NSE's circulars of May 2025 add Bharat Dynamics, Kaynes,
--     Mankind, Mazagon Dock, RVNL, Fortis, Piramal Pharma, UNO Minda and Blue Star from 30 May 2025.
-- [E] businesstoday 22 May 2025 and financialexpress (May 2025): NSE's circular of 21 May 2025 excludes Aarti
--     Industries, Birlasoft, Hindustan Copper, Mahanagar Gas and Piramal Enterprises from 1 Aug 2025 (the May, June
--     and July 2025 contracts trade to expiry).
-- [A] businesstoday 24 Jun 2025 and Angel One 24 Jun 2025: NSE's circular of 23 Jun 2025 excludes eight stocks from
--     29 Aug 2025 (the June, July and August 2025 contracts trade to expiry).
-- [H] niftytrader, "NSE to Exclude Four Stocks from F&O Segment by January 2026": NSE's circular of 24 Oct 2025,
--     Cyient, HFCL, NCC and Titagarh Rail Systems; the October, November and December 2025 contracts trade to
--     expiry (new strikes still added), none after the December 2025 expiry (30 Dec 2025).

INSERT INTO underlyings (symbol, name, kind, exchange, settlement, source)
SELECT symbol, name, 'stock', 'NSE', 'physical',
  'Stock derivatives settle by delivery (market-rules-2026.md, Stock F&O); name as NSE''s circular prints it ' || src
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
  ('ADANIENSOL', 'Adani Energy Solutions Ltd', '[N]'),
  ('ADANIGREEN', 'Adani Green Energy Ltd', '[N]'),
  ('ANGELONE', 'Angel One Ltd', '[N]'),
  ('APLAPOLLO', 'APL Apollo Tubes Ltd', '[N]'),
  ('ATGL', 'Adani Total Gas Ltd', '[N]'),
  ('BANKINDIA', 'Bank of India', '[N]'),
  ('BSE', 'BSE Ltd', '[N]'),
  ('CAMS', 'Computer Age Management Services Ltd', '[N]'),
  ('CDSL', 'Central Depository Services (India) Ltd', '[N]'),
  ('CESC', 'CESC Ltd', '[N]'),
  ('CGPOWER', 'CG Power and Industrial Solutions Ltd', '[N]'),
  ('CYIENT', 'Cyient Ltd', '[N]'),
  ('DELHIVERY', 'Delhivery Ltd', '[N]'),
  ('DMART', 'Avenue Supermarts Ltd', '[N]'),
  ('HUDCO', 'Housing & Urban Development Corporation Ltd', '[N]'),
  ('INDIANB', 'Indian Bank', '[N]'),
  ('IRB', 'IRB Infrastructure Developers Ltd', '[N]'),
  ('IRFC', 'Indian Railway Finance Corporation Ltd', '[N]'),
  ('JIOFIN', 'Jio Financial Services Ltd', '[N]'),
  ('JSL', 'Jindal Stainless Ltd', '[N]'),
  ('JSWENERGY', 'JSW Energy Ltd', '[N]'),
  ('KALYANKJIL', 'Kalyan Jewellers India Ltd', '[N]'),
  ('KEI', 'KEI Industries Ltd', '[N]'),
  ('LICI', 'Life Insurance Corporation of India', '[N]'),
  ('LODHA', 'Macrotech Developers Ltd', '[N]'),
  ('MAXHEALTH', 'Max Healthcare Institute Ltd', '[N]'),
  ('NCC', 'NCC Ltd', '[N]'),
  ('NHPC', 'NHPC Ltd', '[N]'),
  ('NYKAA', 'FSN E-Commerce Ventures Ltd', '[N]'),
  ('OIL', 'Oil India Ltd', '[N]'),
  ('PAYTM', 'One 97 Communications Ltd', '[N]'),
  ('POLICYBZR', 'PB Fintech Ltd', '[N]'),
  ('POONAWALLA', 'Poonawalla Fincorp Ltd', '[N]'),
  ('PRESTIGE', 'Prestige Estates Projects Ltd', '[N]'),
  ('SJVN', 'SJVN Ltd', '[N]'),
  ('SONACOMS', 'Sona BLW Precision Forgings Ltd', '[N]'),
  ('SUPREMEIND', 'Supreme Industries Ltd', '[N]'),
  ('TATAELXSI', 'Tata Elxsi Ltd', '[N]'),
  ('TIINDIA', 'Tube Investments of India Ltd', '[N]'),
  ('UNIONBANK', 'Union Bank of India', '[N]'),
  ('VBL', 'Varun Beverages Ltd', '[N]'),
  ('YESBANK', 'Yes Bank Ltd', '[N]'),
  ('KAYNES', 'Kaynes Technology India Ltd', '[B]'),
  ('MANKIND', 'Mankind Pharma Ltd', '[B]'),
  ('MAZDOCK', 'Mazagon Dock Shipbuilders Ltd', '[B]'),
  ('RVNL', 'Rail Vikas Nigam Ltd', '[B]'),
  ('FORTIS', 'Fortis Healthcare Ltd', '[B]'),
  ('PPLPHARMA', 'Piramal Pharma Ltd', '[B]'),
  ('UNOMINDA', 'UNO Minda Ltd', '[B]'),
  ('BLUESTARCO', 'Blue Star Ltd', '[B]'),
  ('AARTIIND', 'Aarti Industries Ltd', '[E]'),
  ('BSOFT', 'Birlasoft Ltd', '[E]'),
  ('HINDCOPPER', 'Hindustan Copper Ltd', '[E]'),
  ('MGL', 'Mahanagar Gas Ltd', '[E]'),
  ('PEL', 'Piramal Enterprises Ltd', '[E]'),
  ('TITAGARH', 'Titagarh Rail Systems Ltd', '[H]'),
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
  ('HFCL', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', '2025-12-31', '2025-10-24', '[H] NSE circular of 24 Oct 2025: no contract month after December 2025; the Oct, Nov and Dec 2025 contracts trade to expiry (30 Dec 2025)'),
  ('INOXWIND', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('KFINTECH', NULL, '[L] in F&O on 29 Oct 2025 (NSE''s lot review); listing date not among the sources here', NULL, NULL, NULL),
  ('KPITTECH', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('ADANIENSOL', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('ADANIGREEN', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('ANGELONE', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('APLAPOLLO', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('ATGL', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('BANKINDIA', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('BSE', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('CAMS', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('CDSL', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('CESC', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('CGPOWER', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('CYIENT', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', '2025-12-31', '2025-10-24', '[H] NSE circular of 24 Oct 2025: no contract month after December 2025; the Oct, Nov and Dec 2025 contracts trade to expiry (30 Dec 2025)'),
  ('DELHIVERY', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('DMART', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('HUDCO', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('INDIANB', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('IRB', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('IRFC', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('JIOFIN', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('JSL', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('JSWENERGY', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('KALYANKJIL', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('KEI', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('LICI', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('LODHA', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('MAXHEALTH', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('NCC', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', '2025-12-31', '2025-10-24', '[H] NSE circular of 24 Oct 2025: no contract month after December 2025; the Oct, Nov and Dec 2025 contracts trade to expiry (30 Dec 2025)'),
  ('NHPC', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('NYKAA', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('OIL', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('PAYTM', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('POLICYBZR', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('POONAWALLA', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('PRESTIGE', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('SJVN', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('SONACOMS', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('SUPREMEIND', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('TATAELXSI', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('TIINDIA', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('UNIONBANK', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('VBL', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('YESBANK', '2024-11-29', '[N] added to F&O from 29 Nov 2024 (NSE circular of 13 Nov 2024)', NULL, NULL, NULL),
  ('KAYNES', '2025-05-30', '[B] added to F&O from 30 May 2025 (NSE circulars of May 2025)', NULL, NULL, NULL),
  ('MANKIND', '2025-05-30', '[B] added to F&O from 30 May 2025 (NSE circulars of May 2025)', NULL, NULL, NULL),
  ('MAZDOCK', '2025-05-30', '[B] added to F&O from 30 May 2025 (NSE circulars of May 2025)', NULL, NULL, NULL),
  ('RVNL', '2025-05-30', '[B] added to F&O from 30 May 2025 (NSE circulars of May 2025)', NULL, NULL, NULL),
  ('FORTIS', '2025-05-30', '[B] added to F&O from 30 May 2025 (NSE circulars of May 2025)', NULL, NULL, NULL),
  ('PPLPHARMA', '2025-05-30', '[B] added to F&O from 30 May 2025 (NSE circulars of May 2025)', NULL, NULL, NULL),
  ('UNOMINDA', '2025-05-30', '[B] added to F&O from 30 May 2025 (NSE circulars of May 2025)', NULL, NULL, NULL),
  ('BLUESTARCO', '2025-05-30', '[B] added to F&O from 30 May 2025 (NSE circulars of May 2025)', NULL, NULL, NULL),
  ('AARTIIND', NULL, '[E] in F&O on 21 May 2025; listing date not among the sources here', '2025-08-01', '2025-05-21', '[E] NSE circular of 21 May 2025: excluded from 1 Aug 2025; the May, Jun and Jul 2025 contracts trade to expiry'),
  ('BSOFT', NULL, '[E] in F&O on 21 May 2025; listing date not among the sources here', '2025-08-01', '2025-05-21', '[E] NSE circular of 21 May 2025: excluded from 1 Aug 2025; the May, Jun and Jul 2025 contracts trade to expiry'),
  ('HINDCOPPER', NULL, '[E] in F&O on 21 May 2025; listing date not among the sources here', '2025-08-01', '2025-05-21', '[E] NSE circular of 21 May 2025: excluded from 1 Aug 2025; the May, Jun and Jul 2025 contracts trade to expiry'),
  ('MGL', NULL, '[E] in F&O on 21 May 2025; listing date not among the sources here', '2025-08-01', '2025-05-21', '[E] NSE circular of 21 May 2025: excluded from 1 Aug 2025; the May, Jun and Jul 2025 contracts trade to expiry'),
  ('PEL', NULL, '[E] in F&O on 21 May 2025; listing date not among the sources here', '2025-08-01', '2025-05-21', '[E] NSE circular of 21 May 2025: excluded from 1 Aug 2025; the May, Jun and Jul 2025 contracts trade to expiry'),
  ('TITAGARH', NULL, '[H] in F&O on 24 Oct 2025; listing date not among the sources here', '2025-12-31', '2025-10-24', '[H] NSE circular of 24 Oct 2025: no contract month after December 2025; the Oct, Nov and Dec 2025 contracts trade to expiry (30 Dec 2025)'),
  ('GRANULES', NULL, '[A] in F&O on 23 Jun 2025; listing date not among the sources here', '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry'),
  ('ABFRL', NULL, '[A] in F&O on 23 Jun 2025; listing date not among the sources here', '2025-08-29', '2025-06-23', '[A] NSE circular of 23 Jun 2025: excluded from 29 Aug 2025; the Jun, Jul and Aug 2025 contracts trade to expiry')
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
