-- The kill switch's texts as codes and parameters beside their English words (issue 24), as migration 025
-- did for orders and alerts: an audit event's summary and reason, and the account's arming reason. Null for
-- rows written before this migration (the app then shows the English text) and for a reason the trader typed.
ALTER TABLE kill_switch_events ADD COLUMN summary_i18n jsonb, ADD COLUMN reason_i18n jsonb;
ALTER TABLE broker_accounts ADD COLUMN kill_switch_reason_i18n jsonb;
-- A bot run's reason (why it stopped, missed or exited) likewise; null where it is still English only.
ALTER TABLE bot_runs ADD COLUMN reason_i18n jsonb;
