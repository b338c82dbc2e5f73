-- Stopping a replay's bot (issue 39): the trader's stop is an action of the replay's book like the attach, logged
-- at the replayed instant it was made (kind 'bot_stop', under the replay's one key 'bot_stop'), so a book rebuilt
-- on another instance or after a restart stops the bot at the same minute and exits what it held at its prices.
ALTER TABLE replay_actions DROP CONSTRAINT replay_actions_kind_check;
ALTER TABLE replay_actions ADD CONSTRAINT replay_actions_kind_check CHECK (kind IN ('place', 'cancel', 'bot', 'bot_stop'));
