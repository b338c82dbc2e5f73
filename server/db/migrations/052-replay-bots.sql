-- A bot in a replay (issue 39): attaching one is an action of the replay's book like an order, logged at the
-- replayed instant it was attached, its body the bot as it runs (its config, its entry window's end and the
-- trader's risk limits then), so the book is rebuilt with the same bot on another instance or after a restart.
ALTER TABLE replay_actions DROP CONSTRAINT replay_actions_kind_check;
ALTER TABLE replay_actions ADD CONSTRAINT replay_actions_kind_check CHECK (kind IN ('place', 'cancel', 'bot'));
