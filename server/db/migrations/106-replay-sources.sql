-- Issue 62: a replay stands on more than a day with real index minutes. What a replay was started on is kept with
-- it, so its book is rebuilt from the same prices after a restart (analysis/replay/replay-days.ts):
--   origin: 'history' (imported or recorded from a live feed), 'simulated' (a day the demo market recorded: its
--           minutes stored with source 'simulated', never read as real), 'sample' (the day StrikeDesk ships so a
--           fresh install can replay: modelled prices, not market data);
--   index_path: how the index moves through the day: 'minutes' (its stored minutes), 'ohlc' (modelled from the
--           day's open, high, low and close, as backtests do), 'closes' (modelled in a line from the day before's
--           close to the day's), 'simulated' (the demo market's minutes).
-- Replays started before this migration stood on real index minutes.
ALTER TABLE replays
  ADD COLUMN origin text NOT NULL DEFAULT 'history' CHECK (origin IN ('history', 'simulated', 'sample')),
  ADD COLUMN index_path text NOT NULL DEFAULT 'minutes' CHECK (index_path IN ('minutes', 'ohlc', 'closes', 'simulated'));

-- The shipped sample day is an import of its own kind: the market history screen lists it under its name, and
-- deleting it deletes its rows as any import's.
ALTER TABLE history_imports DROP CONSTRAINT history_imports_kind_check;
ALTER TABLE history_imports ADD CONSTRAINT history_imports_kind_check
  CHECK (kind IN ('bhavcopy_udiff', 'bhavcopy_legacy', 'index_minutes', 'index_closes', 'option_minutes', 'recorded', 'participant_oi', 'sample'));
