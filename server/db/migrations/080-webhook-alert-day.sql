-- Issue 60: an alert id counts within its trading day (the IST date it arrives on) or within a window the bot
-- sets, never for ever. ChartInk's alert id is a time of day ("9:20 am"): the same scan firing at 9:20
-- tomorrow is a new alert, and must be placed.
--
-- null: the alert id counts for the IST day it arrived on (the default, as a trader expects of a daily scan);
-- 1 to 1440: the same id within that many minutes of the one placed is a duplicate.
ALTER TABLE bot_webhooks ADD COLUMN duplicate_window_minutes integer CHECK (duplicate_window_minutes BETWEEN 1 AND 1440);

-- The period a counted alert id holds, part of its exactly-once key: its IST day ('2026-11-23') or, under a
-- window, the window-long slot of the clock it arrived in ('15m:1964000'). The check under the bot's lock
-- (webhook-log.ts) applies the rule; this key is the floor under it, so one period never places an id twice.
ALTER TABLE webhook_alerts ADD COLUMN once_period text CHECK (char_length(once_period) <= 32);
-- Alerts counted before: their IST day (IST is UTC+05:30 all year, so plain offset arithmetic is exact).
UPDATE webhook_alerts SET once_period = to_char((received_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM-DD')
  WHERE counted AND alert_id IS NOT NULL;
ALTER TABLE webhook_alerts ADD CONSTRAINT webhook_alerts_counted_period CHECK (NOT counted OR alert_id IS NULL OR once_period IS NOT NULL);
DROP INDEX webhook_alerts_once;
CREATE UNIQUE INDEX webhook_alerts_once ON webhook_alerts (bot_id, alert_id, once_period) WHERE counted AND alert_id IS NOT NULL;
