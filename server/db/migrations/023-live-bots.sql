-- A bot on a live broker account trades real money (issue 22): its mode says so. It is set only with the
-- trader's typed confirmation, on a logged-in account with a daily loss limit (bots/live-bot-rules.ts).
ALTER TABLE trading_bots DROP CONSTRAINT trading_bots_mode_check;
ALTER TABLE trading_bots ADD CONSTRAINT trading_bots_mode_check CHECK (mode IN ('paper', 'live'));
ALTER TABLE daily_bots DROP CONSTRAINT daily_bots_mode_check;
ALTER TABLE daily_bots ADD CONSTRAINT daily_bots_mode_check CHECK (mode IN ('paper', 'live'));
