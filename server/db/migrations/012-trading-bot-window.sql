-- A trading bot acts on its signals only inside a daily entry window, and is flat by its exit time (IST).
-- Existing bots get the defaults a new bot gets when the trader leaves them out.
ALTER TABLE trading_bots
  ADD COLUMN entry_from text NOT NULL DEFAULT '09:30' CHECK (entry_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD COLUMN entry_until text NOT NULL DEFAULT '14:30' CHECK (entry_until ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD COLUMN exit_time text NOT NULL DEFAULT '15:15' CHECK (exit_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD CONSTRAINT trading_bots_window_order CHECK (entry_from < entry_until AND entry_until <= exit_time);
