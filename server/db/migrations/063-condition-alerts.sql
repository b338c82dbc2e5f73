-- Issue 40: price alerts on a strategy's combined premium and on an expiry's ATM IV, judged by the bot conditions'
-- code (bots/engine/conditions.ts) on the minutes the premium and IV charts draw, by the leader's alert watcher
-- (alerts/watchers/condition-watcher.ts). Each fires once: the first met minute turns it off.
CREATE TABLE condition_alerts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN (
    'premium_falls', 'premium_rises', 'premium_crosses_above_vwap', 'premium_crosses_below_vwap',
    'premium_crosses_above', 'premium_crosses_below', 'iv_above', 'iv_below', 'iv_crosses_above', 'iv_crosses_below')),
  index_name text NOT NULL,
  -- A premium alert's legs, spelled as the premium chart's request spells them (premium-legs.ts); null for IV.
  legs text,
  -- The expiry whose ATM IV is watched; for a premium alert, its legs' first expiry (the alert ends with it).
  expiry date NOT NULL,
  -- The minute (IST HH:MM) a fall or rise is measured from and a VWAP is anchored at, each day.
  from_minute text NOT NULL CHECK (from_minute ~ '^\d{2}:\d{2}$'),
  move numeric(12, 2) CHECK (move > 0),
  move_unit text CHECK (move_unit IN ('percent', 'points')),
  -- Rupees for a premium level, percent for an IV level.
  level numeric(12, 2) CHECK (level > 0),
  active boolean NOT NULL DEFAULT true,
  -- The end of the last minute the watcher judged, and the premium (rupees) or IV (percent) then.
  checked_through timestamptz,
  last_value numeric(14, 2),
  triggered_at timestamptz,
  -- What was met, in English, as the alert said it (the feed's alert carries it in the trader's language).
  triggered_text text,
  created_at timestamptz NOT NULL,
  CHECK ((kind LIKE 'premium_%') = (legs IS NOT NULL))
);
CREATE INDEX condition_alerts_user_idx ON condition_alerts (user_id, id DESC);
CREATE INDEX condition_alerts_active_idx ON condition_alerts (id) WHERE active;
