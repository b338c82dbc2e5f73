-- Issue 63: NSE's quantity freeze limits of stock futures and options, as dated data beside the indices' (migration
-- 090). An order above a stock's freeze quantity is frozen and rejected by the exchange as an index's is; until now no
-- stock had one here, so a stock order was never sliced (and a paper order of any size went through). Readers: the
-- contract terms every broker and bot place by (services/market/underlying-facts.ts), the paper broker's contracts,
-- a stock chain's `freeze_quantity`, replays and backtests.
--
-- Source: NSE's freeze file (qtyfreeze.xls, archives.nseindia.com/content/fo/qtyfreeze.xls: one row per underlying,
-- VOL_FRZ_QTY in units), as the public repository marketcalls/openalgo committed it on 20 December 2025
-- (data/qtyfreeze.csv, commit c5c03276; unchanged to its newest commit here, 22 August 2026). The file carries no date
-- of its own: its index rows (NIFTY 1,800, BANKNIFTY 600, FINNIFTY 1,200, MIDCPNIFTY 2,800) are exactly those of
-- NSE/FAOP/71540, in force from 1 December 2025 (migration 090; committed on the 20th, inside that month), so its stock
-- rows are dated from that day. A stock's limit follows its market-wide position limit and a notional value (5paisa,
-- "NSE announces quantity freeze limits"), so a later file moves with the stock's price; no later file was found, and
-- this one stays in force here until a migration adds one. As for the indices, an underlying's earliest row also
-- answers for the days before it (a backtest of 2024 slices at these limits).
--
-- Every stock row of the file is written (208), the index rows are not (090 holds them; NIFTYNXT50 is not traded here).
-- 199 of them are stocks `underlyings` lists, and LTM below makes 200; the file's EXIDEIND, IIFL, IRCTC, NUVAMA,
-- SAMMAANCAP, SYNGENE, TATATECH and TORNTPOWER are not, and the members added after the file (WAAREEENER, SWIGGY and
-- others) have no row: their orders are not sliced, and the chain says no freeze quantity, as before.
-- A symbol may begin with a digit (360ONE), as underlyings' may (migration 110); 090's check was written for indices.
ALTER TABLE freeze_quantities DROP CONSTRAINT freeze_quantities_underlying_check;
ALTER TABLE freeze_quantities ADD CONSTRAINT freeze_quantities_underlying_check CHECK (underlying ~ '^[A-Z0-9][A-Z0-9&_-]{0,19}$');

INSERT INTO freeze_quantities (underlying, effective_from, freeze_quantity, source)
SELECT symbol, DATE '2025-12-01', freeze_quantity,
  'NSE quantity freeze file (qtyfreeze.xls) as committed in marketcalls/openalgo data/qtyfreeze.csv (commit c5c03276, 20 Dec 2025); dated 1 Dec 2025 from its index rows, those of NSE/FAOP/71540'
FROM (VALUES
  ('360ONE', 20000), ('ABB', 5000), ('ABCAPITAL', 93000), ('ADANIENSOL', 27000), ('ADANIENT', 9270),
  ('ADANIGREEN', 24000), ('ADANIPORTS', 14250), ('ALKEM', 5000), ('AMBER', 3000), ('AMBUJACEM', 42000),
  ('ANGELONE', 10000), ('APLAPOLLO', 14000), ('APOLLOHOSP', 3750), ('ASHOKLEY', 150000), ('ASIANPAINT', 10000),
  ('ASTRAL', 17000), ('AUBANK', 30000), ('AUROPHARMA', 22000), ('AXISBANK', 18750), ('BAJAJ-AUTO', 3000),
  ('BAJAJFINSV', 12500), ('BAJFINANCE', 22500), ('BANDHANBNK', 144000), ('BANKBARODA', 87750), ('BANKINDIA', 156000),
  ('BDL', 14000), ('BEL', 57000), ('BHARATFORG', 20000), ('BHARTIARTL', 14250), ('BHEL', 78750), ('BIOCON', 75000),
  ('BLUESTARCO', 13000), ('BOSCHLTD', 750), ('BPCL', 59250), ('BRITANNIA', 3750), ('BSE', 7500), ('CAMS', 30000),
  ('CANBK', 202500), ('CDSL', 14250), ('CGPOWER', 34000), ('CHOLAFIN', 12500), ('CIPLA', 15000),
  ('COALINDIA', 67500), ('COFORGE', 15000), ('COLPAL', 11250), ('CONCOR', 50000), ('CROMPTON', 90000),
  ('CUMMINSIND', 6000), ('CYIENT', 21250), ('DABUR', 50000), ('DALBHARAT', 13000), ('DELHIVERY', 62250),
  ('DIVISLAB', 4000), ('DIXON', 1500), ('DLF', 33000), ('DMART', 6000), ('DRREDDY', 18750), ('EICHERMOT', 4000),
  ('ETERNAL', 72750), ('EXIDEIND', 72000), ('FEDERALBNK', 100000), ('FORTIS', 23250), ('GAIL', 126000),
  ('GLENMARK', 11250), ('GMRAIRPORT', 209250), ('GODREJCP', 20000), ('GODREJPROP', 11000), ('GRASIM', 10000),
  ('HAL', 4500), ('HAVELLS', 15000), ('HCLTECH', 14000), ('HDFCAMC', 9000), ('HDFCBANK', 27500), ('HDFCLIFE', 33000),
  ('HEROMOTOCO', 4500), ('HFCL', 285000), ('HINDALCO', 28000), ('HINDPETRO', 60750), ('HINDUNILVR', 9000),
  ('HINDZINC', 49000), ('HUDCO', 111000), ('ICICIBANK', 21000), ('ICICIGI', 13000), ('ICICIPRULI', 37000),
  ('IDEA', 2144250), ('IDFCFIRSTB', 278250), ('IEX', 150000), ('IIFL', 49500), ('INDHOTEL', 30000),
  ('INDIANB', 30000), ('INDIGO', 4500), ('INDUSINDBK', 28000), ('INDUSTOWER', 68000), ('INFY', 16000),
  ('INOXWIND', 143000), ('IOC', 146250), ('IRCTC', 35000), ('IREDA', 172500), ('IRFC', 212500), ('ITC', 64000),
  ('JINDALSTEL', 25000), ('JIOFIN', 70500), ('JSWENERGY', 40000), ('JSWSTEEL', 20250), ('JUBLFOOD', 37500),
  ('KALYANKJIL', 47000), ('KAYNES', 4000), ('KEI', 5250), ('KFINTECH', 20000), ('KOTAKBANK', 12000),
  ('KPITTECH', 21250), ('LAURUSLABS', 25500), ('LICHSGFIN', 40000), ('LICI', 28000), ('LODHA', 22500), ('LT', 7000),
  ('LTF', 90000), ('LTIM', 4500), ('LUPIN', 12750), ('M&M', 6000), ('MANAPPURAM', 90000), ('MANKIND', 11250),
  ('MARICO', 36000), ('MARUTI', 1500), ('MAXHEALTH', 21000), ('MAZDOCK', 8000), ('MCX', 2500), ('MFSL', 16000),
  ('MOTHERSON', 246000), ('MPHASIS', 8250), ('MUTHOOTFIN', 8250), ('NATIONALUM', 112500), ('NAUKRI', 18750),
  ('NBCC', 195000), ('NCC', 108000), ('NESTLEIND', 20000), ('NHPC', 256000), ('NMDC', 337500), ('NTPC', 75000),
  ('NUVAMA', 3000), ('NYKAA', 93750), ('OBEROIRLTY', 14000), ('OFSS', 3000), ('OIL', 56000), ('ONGC', 90000),
  ('PAGEIND', 600), ('PATANJALI', 36000), ('PAYTM', 21750), ('PERSISTENT', 4000), ('PETRONET', 95000),
  ('PFC', 65000), ('PGEL', 38000), ('PHOENIXLTD', 14000), ('PIDILITIND', 15000), ('PIIND', 7000), ('PNB', 240000),
  ('PNBHOUSING', 26000), ('POLICYBZR', 14000), ('POLYCAB', 3750), ('POWERGRID', 76000), ('POWERINDIA', 1000),
  ('PPLPHARMA', 131250), ('PRESTIGE', 13500), ('RBLBANK', 95250), ('RECLTD', 56000), ('RELIANCE', 15000),
  ('RVNL', 76250), ('SAIL', 188000), ('SAMMAANCAP', 129000), ('SBICARD', 32000), ('SBILIFE', 11250), ('SBIN', 30000),
  ('SHREECEM', 750), ('SHRIRAMFIN', 33000), ('SIEMENS', 7000), ('SOLARINDS', 2000), ('SONACOMS', 49000),
  ('SRF', 8000), ('SUNPHARMA', 14000), ('SUPREMEIND', 7000), ('SUZLON', 451250), ('SYNGENE', 40000),
  ('TATACONSUM', 22000), ('TATAELXSI', 4000), ('TATAPOWER', 58000), ('TATASTEEL', 165000), ('TATATECH', 32000),
  ('TCS', 7000), ('TECHM', 18000), ('TIINDIA', 8000), ('TITAGARH', 29000), ('TITAN', 7000), ('TMPV', 56000),
  ('TORNTPHARM', 7500), ('TORNTPOWER', 17000), ('TRENT', 5000), ('TVSMOTOR', 7000), ('ULTRACEMCO', 2000),
  ('UNIONBANK', 177000), ('UNITDSPR', 16000), ('UNOMINDA', 16500), ('UPL', 40650), ('VBL', 45000), ('VEDL', 46000),
  ('VOLTAS', 18750), ('WIPRO', 90000), ('YESBANK', 933000), ('ZYDUSLIFE', 27000)
) AS file (symbol, freeze_quantity);

-- LTIMindtree traded as LTIM when the file was taken and as LTM since (NSE's combined OI file of 9 March 2026 names
-- LTIMINDTREE LIMITED, ISIN INE214T01019, LTM; migration 143): the same contract's limit under its present symbol.
INSERT INTO freeze_quantities (underlying, effective_from, freeze_quantity, source) VALUES
  ('LTM', DATE '2025-12-01', 4500,
   'NSE quantity freeze file (qtyfreeze.xls) as committed in marketcalls/openalgo data/qtyfreeze.csv (commit c5c03276, 20 Dec 2025), its LTIM row: LTIMindtree, LTM since (NSE combined OI file of 9 Mar 2026)');

