-- A bot action's message (why an entry or exit failed, why an entry was skipped) as a code and parameters
-- beside its English words (issue 24), as migration 028 did for a bot run's reason. Null for rows written
-- before this migration and for a live broker's own words: the app then shows the English message.
ALTER TABLE bot_actions ADD COLUMN message_i18n jsonb;
