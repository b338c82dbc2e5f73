-- Why the last push to a device failed, as a code and parameters beside its English words (issue 24), so
-- the settings screen says it in the trader's language. Null when the last push succeeded, and for errors
-- stored before this migration: the app then shows the English last_error.
ALTER TABLE push_devices ADD COLUMN last_error_i18n jsonb;
