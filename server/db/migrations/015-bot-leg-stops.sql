-- A per-leg stop-loss exits only its leg (with that side's hedge) and the bot keeps the rest of the position:
-- such a partial exit is an 'adjust' action that names the leg whose stop fired. Each sold leg stops at most
-- once per position, so the leg joins the action's uniqueness (NULL, the whole position, counts as one value).
-- Adjustments stay out of bot_actions_one_exit: the position's final exit is still claimed once.
ALTER TABLE bot_actions ADD COLUMN leg text CHECK (char_length(leg) <= 64);
ALTER TABLE bot_actions DROP CONSTRAINT bot_actions_bot_kind_bot_id_trading_day_action_sequence_key;
ALTER TABLE bot_actions ADD CONSTRAINT bot_actions_once UNIQUE NULLS NOT DISTINCT (bot_kind, bot_id, trading_day, action, sequence, leg);
ALTER TABLE bot_actions DROP CONSTRAINT bot_actions_phase_check;
ALTER TABLE bot_actions ADD CONSTRAINT bot_actions_phase_check CHECK (phase IN ('entry', 'adjust', 'exit'));
