-- Texts the server writes for a trader, beside their English words: a stable code and its parameters
-- (openapi LocalText), so the app says them in the trader's language (issue 24). Null where the words are a
-- live broker's own, or for rows written before this migration: the app then shows the English text.
ALTER TABLE paper_orders ADD COLUMN status_message_i18n jsonb;
ALTER TABLE kite_orders ADD COLUMN status_message_i18n jsonb;
ALTER TABLE alerts ADD COLUMN title_i18n jsonb, ADD COLUMN body_i18n jsonb;
ALTER TABLE commentary ADD COLUMN title_i18n jsonb, ADD COLUMN body_i18n jsonb;
ALTER TABLE screener ADD COLUMN title_i18n jsonb, ADD COLUMN rationale_i18n jsonb;
ALTER TABLE data ADD COLUMN signal_i18n jsonb;
ALTER TABLE bots ADD COLUMN name_i18n jsonb, ADD COLUMN description_i18n jsonb;
