-- Issue 60: the names NSE's files give the indices StrikeDesk trades options on, dated, with their source. NSE's
-- daily index close file (ind_close_all_DDMMYYYY.csv) prints each index by its name of the day: before the IISL
-- rebrand of 9 Nov 2015 NIFTY was `CNX Nifty`, and before the end of S&P's licence in early 2013 `S&P CNX Nifty`;
-- an import of a 2015 file found no `Nifty 50` row and was refused whole. The importers read this table
-- (history/index-names.ts), never a list of their own. A name is taken only on the days it is valid: a line
-- whose date falls outside them is refused with the reason (nothing of its file is kept), never mapped by guess.
--
-- valid_from / valid_until are the first and last days (inclusive) a file may print the name; null: open.
CREATE TABLE index_names (
  index_name text NOT NULL CHECK (index_name IN ('NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY')),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  valid_from date,
  valid_until date,
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 500),
  CHECK (valid_from IS NULL OR valid_until IS NULL OR valid_from <= valid_until)
);
-- One row per name and first day, whatever the name's case (the importers compare names without it).
CREATE UNIQUE INDEX index_names_once ON index_names (lower(name), coalesce(valid_from, DATE '0001-01-01'));

-- Sources (read on 29 Nov 2026):
-- - IISL rebrand of all its indices to "Nifty …", effective 9 Nov 2015: IISL press release, reported by
--   business-standard (IANS) 22 Sep 2015 "NSE to rebrand flagship index as Nifty 50" and metroindia 10 Nov 2015
--   ("CNX Nifty renamed as Nifty 50"). The list of new names was an attachment to the press release that we
--   could not read; the pairs below that are not NIFTY's come from a public alias table that matched closing
--   values across 6 and 9 Nov 2015 (CNX Bank → Nifty Bank, CNX Finance → Nifty Financial Services).
-- - S&P's licence for the IISL indices expired on 31 Jan 2013 and "S&P CNX Nifty" became "CNX Nifty"
--   (business-standard 12 Feb 2013, "S&P ends licensing agreement for NSE indices"). The day the file's name
--   changed is not confirmed (a 15 Jan 2013 file still says S&P CNX Nifty; 2 Jan 2014 says CNX Nifty): both names
--   are taken from 1 Feb to 31 Mar 2013, each mapping to NIFTY.
-- - Not confirmed, so not written: whether files before 9 Nov 2015 ever printed the bank index as `Bank Nifty`
--   or `S&P CNX Bank` (NSE's historical-index pages called it BANK NIFTY; public readers of these files know
--   `CNX Bank`), and any earlier name of Nifty Midcap Select (its F&O contracts began in January 2022). A file
--   with such a name has it skipped like any index StrikeDesk does not trade.
INSERT INTO index_names (index_name, name, valid_from, valid_until, source) VALUES
  ('NIFTY', 'S&P CNX Nifty', NULL, '2013-03-31',
    'IISL: S&P licence expired 31 Jan 2013, renamed CNX Nifty (business-standard 12 Feb 2013); the file''s change-over day unconfirmed'),
  ('NIFTY', 'CNX Nifty', '2013-02-01', '2015-11-08',
    'IISL: S&P CNX Nifty renamed CNX Nifty (business-standard 12 Feb 2013); rebranded Nifty 50 from 9 Nov 2015 (business-standard 22 Sep 2015)'),
  ('NIFTY', 'Nifty 50', '2015-11-09', NULL, 'IISL rebrand effective 9 Nov 2015 (business-standard 22 Sep 2015)'),
  ('BANKNIFTY', 'CNX Bank', NULL, '2015-11-08',
    'IISL rebrand effective 9 Nov 2015 (business-standard 22 Sep 2015); name as printed from a public alias table matched on closes (3P)'),
  ('BANKNIFTY', 'Nifty Bank', '2015-11-09', NULL, 'IISL rebrand effective 9 Nov 2015 (business-standard 22 Sep 2015)'),
  ('FINNIFTY', 'CNX Finance', NULL, '2015-11-08',
    'IISL rebrand effective 9 Nov 2015 (business-standard 22 Sep 2015); name as printed from a public alias table matched on closes (3P)'),
  ('FINNIFTY', 'Nifty Financial Services', '2015-11-09', NULL, 'IISL rebrand effective 9 Nov 2015 (business-standard 22 Sep 2015)'),
  ('MIDCPNIFTY', 'Nifty Midcap Select', NULL, NULL, 'NSE index close file (ind_close_all) as printed today; no earlier name known');
