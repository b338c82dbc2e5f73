-- When an arm's outcome was written (its flatten reported: what was cancelled, filled or left open). Null while
-- the flatten runs, so the alert watcher waits for the outcome instead of telling the provisional "did not
-- finish" as if it were one, and the kill switch screen says the closing is under way. A disarm is settled
-- when written. Events written before this column were settled then.
ALTER TABLE kill_switch_events ADD COLUMN settled_at timestamptz;
UPDATE kill_switch_events SET settled_at = at;
-- The alert watcher reads each pass the arms settled since its last, and the unsettled ones by their time (at).
CREATE INDEX kill_switch_events_settled_idx ON kill_switch_events (settled_at);
