-- Issue 63: NSE's F&O stocks of August 2026 with their lots, from NSE's own market-lots file (migration 110 holds the
-- tables, 111 the stocks dated by circulars). Source [M]: fo_mktlots.csv as NSE publishes it (the lot of each
-- contract month on the day: columns AUG-26, SEP-26, OCT-26), committed unchanged on 1 Aug 2026 13:26 IST in the
-- public repository github.com/ranjankai/momentummori (commit 6b5f523, file fo_mktlots.csv), read on 30 Nov 2026.
-- It lists 208 stocks: 52 already here (111) and 156 new ones, named as the file prints them (spaces collapsed).
-- - Lots: the file's lot is in force on 1 Aug 2026 for every contract then trading (the three months carry the same
--   lot, DALBHARAT's only month aside). When it began is not in the file: between NSE's review of October 2025
--   (111) and 1 Aug 2026 a stock's lot answers from the revision before (HDFCBANK 550, its review's), and before the
--   first revision a stock has, the earliest answers, as for the indices (lot.effective_from says which). A stock's
--   revision after 1 Aug 2026 is not among the sources.
-- - Membership: a stock first shown by the file is a member from before the sources (listed_from null), unless a
--   dated report gives its addition (13 of them, below: 31 Jan 2025, 31 Dec 2025, 1 Apr 2026). DALBHARAT has
--   only an AUG-26 lot: no later month is listed, so its last contract expires on 25 Aug 2026 (the last Tuesday) and
--   it is excluded from the 26th; the day NSE announced it is not in the file, so the file's day stands for it.
-- - HUDCO and PPLPHARMA (111) are not in the file: ndtvprofit, 24 Feb 2026 ("BSE drops Tata Tech, HUDCO, Piramal
--   Pharma and Torrent Power from F&O segment"): the exchange's notice of 23 Feb 2026 under SEBI's exit criteria,
--   which hold on every exchange; the February, March and April 2026 contracts trade to expiry and no new month is
--   listed. NSE's April 2026 contracts expire on 28 Apr 2026 (its last Tuesday), so they are excluded from the 29th.
-- The five indices' lots are not taken from the file: theirs stay those of migration 088 (the file agrees: NIFTY 65,
-- BANKNIFTY 30, FINNIFTY 60, MIDCPNIFTY 120).

INSERT INTO underlyings (symbol, name, kind, exchange, settlement, source)
SELECT symbol, name, 'stock', 'NSE', 'physical',
  'Stock derivatives settle by delivery (market-rules-2026.md, Stock F&O); name as NSE''s market-lots file of 1 Aug 2026 prints it [M]'
FROM (VALUES
  ('360ONE', '360 ONE WAM LIMITED'), ('ABB', 'ABB INDIA LIMITED'),
  ('ADANIPORTS', 'ADANI PORT & SEZ LTD'), ('ABCAPITAL', 'ADITYA BIRLA CAPITAL LTD.'),
  ('AMBER', 'AMBER ENTERPRISES (I) LTD'), ('ASIANPAINT', 'ASIAN PAINTS LIMITED'),
  ('ADANIENT', 'ADANI ENTERPRISES LIMITED'), ('BAJAJHLDNG', 'BAJAJ HOLDINGS & INVS LTD'),
  ('BAJFINANCE', 'BAJAJ FINANCE LIMITED'), ('BHARTIARTL', 'BHARTI AIRTEL LIMITED'),
  ('BOSCHLTD', 'BOSCH LIMITED'), ('BRITANNIA', 'BRITANNIA INDUSTRIES LTD'),
  ('ALKEM', 'ALKEM LABORATORIES LTD.'), ('COALINDIA', 'COAL INDIA LTD'),
  ('AMBUJACEM', 'AMBUJA CEMENTS LTD'), ('COLPAL', 'COLGATE PALMOLIVE LTD.'),
  ('COFORGE', 'COFORGE LIMITED'), ('CONCOR', 'CONTAINER CORP OF IND LTD'),
  ('DABUR', 'DABUR INDIA LTD'), ('AUROPHARMA', 'AUROBINDO PHARMA LTD'),
  ('DIVISLAB', 'DIVI S LABORATORIES LTD'), ('APOLLOHOSP', 'APOLLO HOSPITALS ENTER. L'),
  ('DLF', 'DLF LIMITED'), ('BIOCON', 'BIOCON LIMITED.'),
  ('DRREDDY', 'DR. REDDY S LABORATORIES'), ('EICHERMOT', 'EICHER MOTORS LTD'),
  ('ETERNAL', 'ETERNAL LIMITED'), ('GAIL', 'GAIL (INDIA) LTD'),
  ('GODREJCP', 'GODREJ CONSUMER PRODUCTS'), ('HCLTECH', 'HCL TECHNOLOGIES LTD'),
  ('GODREJPROP', 'GODREJ PROPERTIES LTD'), ('BHEL', 'BHEL'),
  ('ICICIPRULI', 'ICICI PRU LIFE INS CO LTD'), ('ADANIPOWER', 'ADANI POWER LTD'),
  ('INDHOTEL', 'THE INDIAN HOTELS CO. LTD'), ('CUMMINSIND', 'CUMMINS INDIA LTD'),
  ('INDUSINDBK', 'INDUSIND BANK LIMITED'), ('CHOLAFIN', 'CHOLAMANDALAM IN & FIN CO'),
  ('IEX', 'INDIAN ENERGY EXC LTD'), ('CIPLA', 'CIPLA LTD'),
  ('INFY', 'INFOSYS LIMITED'), ('JSWSTEEL', 'JSW STEEL LIMITED'),
  ('LICHSGFIN', 'LIC HOUSING FINANCE LTD'), ('GLENMARK', 'GLENMARK PHARMACEUTICALS'),
  ('GMRAIRPORT', 'GMR AIRPORTS LIMITED'), ('CROMPTON', 'CROMPT GREA CON ELEC LTD'),
  ('ASHOKLEY', 'ASHOK LEYLAND LTD'), ('M&M', 'MAHINDRA & MAHINDRA LTD'),
  ('ASTRAL', 'ASTRAL LIMITED'), ('DALBHARAT', 'DALMIA BHARAT LIMITED'),
  ('MARICO', 'MARICO LIMITED'), ('HDFCLIFE', 'HDFC LIFE INS CO LTD'),
  ('NESTLEIND', 'NESTLE INDIA LIMITED'), ('BAJAJ-AUTO', 'BAJAJ AUTO LIMITED'),
  ('FEDERALBNK', 'FEDERAL BANK LTD'), ('OBEROIRLTY', 'OBEROI REALTY LIMITED'),
  ('LTM', 'LTM LIMITED'), ('ICICIGI', 'ICICI LOMBARD GIC LIMITED'),
  ('FORCEMOT', 'FORCE MOTORS LIMITED'), ('IDFCFIRSTB', 'IDFC FIRST BANK LIMITED'),
  ('MANAPPURAM', 'MANAPPURAM FINANCE LTD'), ('INDIGO', 'INTERGLOBE AVIATION LTD'),
  ('IREDA', 'INDIAN RENEWABLE ENERGY'), ('PFC', 'POWER FIN CORP LTD.'),
  ('PGEL', 'PG ELECTROPLAST LTD'), ('PNB', 'PUNJAB NATIONAL BANK'),
  ('POLYCAB', 'POLYCAB INDIA LIMITED'), ('POWERINDIA', 'HITACHI ENERGY INDIA LTD'),
  ('RADICO', 'RADICO KHAITAN LTD'), ('RECLTD', 'REC LIMITED'),
  ('SAIL', 'STEEL AUTHORITY OF INDIA'), ('SBILIFE', 'SBI LIFE INSURANCE CO LTD'),
  ('SHREECEM', 'SHREE CEMENT LIMITED'), ('SOLARINDS', 'SOLAR INDUSTRIES (I) LTD'),
  ('SWIGGY', 'SWIGGY LIMITED'), ('TATACONSUM', 'TATA CONSUMER PRODUCT LTD'),
  ('PHOENIXLTD', 'THE PHOENIX MILLS LTD'), ('TATAPOWER', 'TATA POWER CO LTD'),
  ('TATASTEEL', 'TATA STEEL LIMITED'), ('VEDL', 'VEDANTA LIMITED'),
  ('PIIND', 'PI INDUSTRIES LTD'), ('VMM', 'VISHAL MEGA MART LIMITED'),
  ('BANKBARODA', 'BANK OF BARODA'), ('BHARATFORG', 'BHARAT FORGE LTD'),
  ('GRASIM', 'GRASIM INDUSTRIES LTD'), ('GVT&D', 'GE VERNOVA T&D INDIA LTD'),
  ('BPCL', 'BHARAT PETROLEUM CORP LT'), ('SUNPHARMA', 'SUN PHARMACEUTICAL IND L'),
  ('HAVELLS', 'HAVELLS INDIA LIMITED'), ('SUZLON', 'SUZLON ENERGY LIMITED'),
  ('TCS', 'TATA CONSULTANCY SERV LT'), ('DIXON', 'DIXON TECHNO (INDIA) LTD'),
  ('TITAN', 'TITAN COMPANY LIMITED'), ('WIPRO', 'WIPRO LTD'),
  ('HEROMOTOCO', 'HERO MOTOCORP LIMITED'), ('HINDPETRO', 'HINDUSTAN PETROLEUM CORP'),
  ('HYUNDAI', 'HYUNDAI MOTOR INDIA LTD'), ('ICICIBANK', 'ICICI BANK LTD.'),
  ('INDUSTOWER', 'INDUS TOWERS LIMITED'), ('JINDALSTEL', 'JINDAL STEEL LIMITED'),
  ('LTF', 'L&T FINANCE LIMITED'), ('MARUTI', 'MARUTI SUZUKI INDIA LTD.'),
  ('MOTHERSON', 'SAMVRDHNA MTHRSN INTL LTD'), ('MOTILALOFS', 'MOTILAL OSWAL FIN LTD'),
  ('MPHASIS', 'MPHASIS LIMITED'), ('NAM-INDIA', 'NIPPON L I A M LTD'),
  ('NATIONALUM', 'NATIONAL ALUMINIUM CO LTD'), ('NBCC', 'NBCC (INDIA) LIMITED'),
  ('HINDZINC', 'HINDUSTAN ZINC LIMITED'), ('OFSS', 'ORACLE FIN SERV SOFT LTD.'),
  ('ITC', 'ITC LTD'), ('ONGC', 'OIL AND NATURAL GAS CORP.'),
  ('IDEA', 'VODAFONE IDEA LIMITED'), ('PAGEIND', 'PAGE INDUSTRIES LTD'),
  ('PERSISTENT', 'PERSISTENT SYSTEMS LTD'), ('PNBHOUSING', 'PNB HOUSING FIN LTD.'),
  ('JUBLFOOD', 'JUBILANT FOODWORKS LTD'), ('POWERGRID', 'POWER GRID CORP. LTD.'),
  ('PREMIERENE', 'PREMIER ENERGIES LIMITED'), ('LT', 'LARSEN & TOUBRO LTD.'),
  ('RBLBANK', 'RBL BANK LIMITED'), ('RELIANCE', 'RELIANCE INDUSTRIES LTD'),
  ('SBIN', 'STATE BANK OF INDIA'), ('MCX', 'MULTI COMMODITY EXCHANGE'),
  ('MUTHOOTFIN', 'MUTHOOT FINANCE LIMITED'), ('NAUKRI', 'INFO EDGE (I) LTD'),
  ('SRF', 'SRF LTD'), ('TECHM', 'TECH MAHINDRA LIMITED'),
  ('TMPV', 'TATA MOTORS PASS VEH LTD'), ('ULTRACEMCO', 'ULTRATECH CEMENT LIMITED'),
  ('PETRONET', 'PETRONET LNG LIMITED'), ('SIEMENS', 'SIEMENS LTD'),
  ('PATANJALI', 'PATANJALI FOODS LIMITED'), ('TORNTPHARM', 'TORRENT PHARMACEUTICALS L'),
  ('UNITDSPR', 'UNITED SPIRITS LIMITED'), ('UPL', 'UPL LIMITED'),
  ('BANDHANBNK', 'BANDHAN BANK LIMITED'), ('WAAREEENER', 'WAAREE ENERGIES LIMITED'),
  ('COCHINSHIP', 'COCHIN SHIPYARD LIMITED'), ('KOTAKBANK', 'KOTAK MAHINDRA BANK LTD'),
  ('LUPIN', 'LUPIN LIMITED'), ('AXISBANK', 'AXIS BANK LIMITED'),
  ('HDFCAMC', 'HDFC AMC LIMITED'), ('HAL', 'HINDUSTAN AERONAUTICS LTD'),
  ('HINDUNILVR', 'HINDUSTAN UNILEVER LTD.'), ('NTPC', 'NTPC LTD'),
  ('PIDILITIND', 'PIDILITE INDUSTRIES LTD'), ('ZYDUSLIFE', 'ZYDUS LIFESCIENCES LTD'),
  ('GODFRYPHLP', 'GODFREY PHILLIPS INDIA LT'), ('VOLTAS', 'VOLTAS LTD'),
  ('CANBK', 'CANARA BANK'), ('AUBANK', 'AU SMALL FINANCE BANK LTD'),
  ('TRENT', 'TRENT LTD'), ('SBICARD', 'SBI CARDS & PAY SER LTD'),
  ('SHRIRAMFIN', 'SHRIRAM FINANCE LIMITED'), ('IOC', 'INDIAN OIL CORP LTD')
) AS stocks (symbol, name);

INSERT INTO fo_memberships (symbol, listed_from, listed_source)
SELECT symbol, NULL, '[M] in F&O on 1 Aug 2026 (NSE''s market-lots file); listing date not among the sources here'
FROM underlyings u WHERE u.kind = 'stock' AND NOT EXISTS (SELECT 1 FROM fo_memberships f WHERE f.symbol = u.symbol);

-- The listing day of the stocks the file shows whose addition a dated report gives (else null: before the sources).
UPDATE fo_memberships f SET listed_from = a.listed_from::date, listed_source = a.listed_source
FROM (VALUES
  ('NBCC', '2025-01-31', 'livemint 7 Jan 2025 and 5paisa 8 Jan 2025: NSE''s circular of 7 Jan 2025 adds six securities from 31 Jan 2025 (Castrol India and Gland Pharma withdrawn before the day: moneycontrol, 24 Jan 2025)'),
  ('PHOENIXLTD', '2025-01-31', 'livemint 7 Jan 2025 and 5paisa 8 Jan 2025: NSE''s circular of 7 Jan 2025 adds six securities from 31 Jan 2025 (Castrol India and Gland Pharma withdrawn before the day: moneycontrol, 24 Jan 2025)'),
  ('SOLARINDS', '2025-01-31', 'livemint 7 Jan 2025 and 5paisa 8 Jan 2025: NSE''s circular of 7 Jan 2025 adds six securities from 31 Jan 2025 (Castrol India and Gland Pharma withdrawn before the day: moneycontrol, 24 Jan 2025)'),
  ('SWIGGY', '2025-12-31', 'ndtvprofit and angelone, 18-19 Dec 2025: NSE''s circular of 18 Dec 2025 adds four securities from 31 Dec 2025 (the January 2026 series)'),
  ('WAAREEENER', '2025-12-31', 'ndtvprofit and angelone, 18-19 Dec 2025: NSE''s circular of 18 Dec 2025 adds four securities from 31 Dec 2025 (the January 2026 series)'),
  ('PREMIERENE', '2025-12-31', 'ndtvprofit and angelone, 18-19 Dec 2025: NSE''s circular of 18 Dec 2025 adds four securities from 31 Dec 2025 (the January 2026 series)'),
  ('BAJAJHLDNG', '2025-12-31', 'ndtvprofit and angelone, 18-19 Dec 2025: NSE''s circular of 18 Dec 2025 adds four securities from 31 Dec 2025 (the January 2026 series)'),
  ('ADANIPOWER', '2026-04-01', 'business-standard 10 Mar 2026: NSE''s circular of 9 Mar 2026 adds six securities from 1 Apr 2026'),
  ('COCHINSHIP', '2026-04-01', 'business-standard 10 Mar 2026: NSE''s circular of 9 Mar 2026 adds six securities from 1 Apr 2026'),
  ('HYUNDAI', '2026-04-01', 'business-standard 10 Mar 2026: NSE''s circular of 9 Mar 2026 adds six securities from 1 Apr 2026'),
  ('MOTILALOFS', '2026-04-01', 'business-standard 10 Mar 2026: NSE''s circular of 9 Mar 2026 adds six securities from 1 Apr 2026'),
  ('NAM-INDIA', '2026-04-01', 'business-standard 10 Mar 2026: NSE''s circular of 9 Mar 2026 adds six securities from 1 Apr 2026'),
  ('VMM', '2026-04-01', 'business-standard 10 Mar 2026: NSE''s circular of 9 Mar 2026 adds six securities from 1 Apr 2026')
) AS a (symbol, listed_from, listed_source)
WHERE f.symbol = a.symbol;

UPDATE fo_memberships SET excluded_from = DATE '2026-08-26', exclusion_announced_on = DATE '2026-08-01',
  exclusion_source = '[M] NSE''s market-lots file of 1 Aug 2026 lists DALBHARAT''s AUG-26 contract only: no later month, the last contract expiring on 25 Aug 2026; the announcement''s own day is not in the file, which shows it by 1 Aug 2026'
WHERE symbol = 'DALBHARAT';
UPDATE fo_memberships SET excluded_from = DATE '2026-04-29', exclusion_announced_on = DATE '2026-02-23',
  exclusion_source = 'ndtvprofit 24 Feb 2026: exchange notice of 23 Feb 2026 under SEBI''s exit criteria (all exchanges): the Feb, Mar and Apr 2026 contracts trade to expiry, no new month; NSE''s April 2026 contracts expire on 28 Apr 2026. Absent from NSE''s market-lots file of 1 Aug 2026 [M]'
WHERE symbol IN ('HUDCO', 'PPLPHARMA');

INSERT INTO lot_revisions (index_name, effective_from, expiring_after, lot_size, source)
SELECT symbol, DATE '2026-08-01', NULL, lot_size,
  '[M] NSE''s market-lots file (fo_mktlots.csv) of 1 Aug 2026: ' || symbol || ' ' || lot_size || ' for the ' ||
  CASE symbol WHEN 'DALBHARAT' THEN 'AUG-26' ELSE 'AUG-26, SEP-26 and OCT-26' END || ' contracts (github.com/ranjankai/momentummori, commit 6b5f523)'
FROM (VALUES
  ('ADANIENSOL', 675), ('360ONE', 500), ('ABB', 125), ('ADANIPORTS', 475), ('ABCAPITAL', 3100), ('AMBER', 100),
  ('ASIANPAINT', 250), ('ADANIENT', 309), ('BAJAJFINSV', 300), ('APLAPOLLO', 350), ('BAJAJHLDNG', 75), ('BAJFINANCE', 750),
  ('ADANIGREEN', 600), ('BHARTIARTL', 475), ('BOSCHLTD', 25), ('BRITANNIA', 125), ('ALKEM', 125), ('CAMS', 825),
  ('CDSL', 475), ('COALINDIA', 1350), ('AMBUJACEM', 1200), ('COLPAL', 275), ('COFORGE', 475), ('CONCOR', 1250),
  ('DABUR', 1250), ('ANGELONE', 2500), ('AUROPHARMA', 550), ('DIVISLAB', 100), ('APOLLOHOSP', 125), ('BDL', 425),
  ('DLF', 950), ('DMART', 150), ('BIOCON', 2500), ('DRREDDY', 625), ('BSE', 200), ('EICHERMOT', 100),
  ('ETERNAL', 2425), ('FORTIS', 775), ('GAIL', 3550), ('BANKINDIA', 5200), ('GODREJCP', 500), ('CGPOWER', 850),
  ('HCLTECH', 400), ('GODREJPROP', 325), ('BEL', 1425), ('BHEL', 2625), ('BLUESTARCO', 325), ('ICICIPRULI', 925),
  ('ADANIPOWER', 3550), ('INDHOTEL', 1000), ('CUMMINSIND', 200), ('INDUSINDBK', 700), ('CHOLAFIN', 625), ('IEX', 4350),
  ('CIPLA', 425), ('JIOFIN', 2350), ('JSWENERGY', 1075), ('KAYNES', 150), ('KEI', 175), ('INFY', 400),
  ('KPITTECH', 775), ('JSWSTEEL', 675), ('LICHSGFIN', 1000), ('GLENMARK', 375), ('LODHA', 625), ('GMRAIRPORT', 6975),
  ('CROMPTON', 2150), ('KALYANKJIL', 1350), ('ASHOKLEY', 5000), ('M&M', 200), ('ASTRAL', 425), ('DALBHARAT', 325),
  ('MARICO', 1200), ('HDFCBANK', 650), ('HDFCLIFE', 1100), ('NESTLEIND', 500), ('LAURUSLABS', 850), ('BAJAJ-AUTO', 75),
  ('FEDERALBNK', 2500), ('OBEROIRLTY', 350), ('LTM', 150), ('ICICIGI', 325), ('FORCEMOT', 25), ('IDFCFIRSTB', 9275),
  ('MANAPPURAM', 3000), ('PAYTM', 725), ('INDIGO', 150), ('IREDA', 4525), ('PFC', 1300), ('PGEL', 950),
  ('PNB', 8000), ('POLYCAB', 125), ('POWERINDIA', 25), ('PRESTIGE', 450), ('RADICO', 150), ('RECLTD', 1575),
  ('SAIL', 4700), ('SBILIFE', 375), ('SHREECEM', 25), ('SOLARINDS', 50), ('SUPREMEIND', 175), ('SWIGGY', 1825),
  ('TATACONSUM', 550), ('TATAELXSI', 125), ('PHOENIXLTD', 350), ('TATAPOWER', 1450), ('TATASTEEL', 2750), ('TVSMOTOR', 175),
  ('UNIONBANK', 4425), ('VEDL', 1150), ('PIIND', 175), ('VMM', 4850), ('BANKBARODA', 2925), ('BHARATFORG', 500),
  ('GRASIM', 250), ('GVT&D', 125), ('BPCL', 1975), ('SUNPHARMA', 350), ('HAVELLS', 500), ('SUZLON', 12700),
  ('TCS', 225), ('DIXON', 50), ('TITAN', 175), ('WIPRO', 3000), ('HEROMOTOCO', 150), ('HINDPETRO', 2025),
  ('HYUNDAI', 275), ('ICICIBANK', 700), ('INDUSTOWER', 1700), ('IRFC', 5425), ('JINDALSTEL', 625), ('LTF', 2250),
  ('MANKIND', 250), ('MARUTI', 50), ('MOTHERSON', 6150), ('MOTILALOFS', 775), ('HINDALCO', 700), ('MPHASIS', 275),
  ('NAM-INDIA', 625), ('NATIONALUM', 1875), ('NBCC', 6500), ('HINDZINC', 1225), ('NYKAA', 3125), ('OFSS', 100),
  ('OIL', 1400), ('ITC', 1725), ('ONGC', 2250), ('IDEA', 71475), ('PAGEIND', 20), ('PERSISTENT', 125),
  ('PNBHOUSING', 650), ('JUBLFOOD', 1250), ('POWERGRID', 1900), ('PREMIERENE', 650), ('LT', 175), ('LICI', 1400),
  ('RBLBANK', 3175), ('RELIANCE', 500), ('MAXHEALTH', 525), ('SBIN', 750), ('MCX', 225), ('SONACOMS', 1225),
  ('MFSL', 400), ('MUTHOOTFIN', 275), ('NAUKRI', 550), ('SRF', 200), ('NMDC', 6750), ('TECHM', 600),
  ('TIINDIA', 200), ('TMPV', 1600), ('ULTRACEMCO', 50), ('PETRONET', 1900), ('SIEMENS', 175), ('PATANJALI', 1075),
  ('TORNTPHARM', 125), ('UNITDSPR', 400), ('UNOMINDA', 550), ('UPL', 1355), ('YESBANK', 31100), ('BANDHANBNK', 3600),
  ('VBL', 1275), ('WAAREEENER', 175), ('COCHINSHIP', 400), ('INOXWIND', 6400), ('KOTAKBANK', 2000), ('LUPIN', 425),
  ('DELHIVERY', 2075), ('AXISBANK', 625), ('POLICYBZR', 350), ('HDFCAMC', 300), ('INDIANB', 1000), ('HAL', 150),
  ('KFINTECH', 575), ('HINDUNILVR', 300), ('MAZDOCK', 225), ('NHPC', 6950), ('NTPC', 1500), ('PIDILITIND', 500),
  ('RVNL', 1925), ('ZYDUSLIFE', 900), ('GODFRYPHLP', 275), ('VOLTAS', 375), ('CANBK', 6750), ('AUBANK', 1000),
  ('TRENT', 225), ('SBICARD', 800), ('SHRIRAMFIN', 825), ('IOC', 4875)
) AS lots (symbol, lot_size);
