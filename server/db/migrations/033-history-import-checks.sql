-- A history row's import is checked once per statement instead of once per row (issue 25: a year of
-- bhavcopies in under a minute). The foreign keys from history_option_days and history_index_minutes to
-- history_imports ran one lookup of history_imports per inserted row: 5,000 a bhavcopy, about 40 % of the
-- time PGlite spent storing one. These triggers keep the same rules, checked over the whole statement:
-- - an inserted or updated row must name an import that exists (the foreign key's check), else the
--   statement fails with foreign_key_violation (23503), as the key did;
-- - deleting an import deletes its rows (the key's ON DELETE CASCADE).
-- The key also locked the import row against a concurrent delete. The importer needs no such lock: an
-- import's rows are only ever written by the transaction that creates the import, and until it commits no
-- other transaction can see the import to delete it (history-store.ts).
ALTER TABLE history_option_days DROP CONSTRAINT history_option_days_import_id_fkey;
ALTER TABLE history_index_minutes DROP CONSTRAINT history_index_minutes_import_id_fkey;

CREATE FUNCTION history_rows_import_exists() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing integer;
BEGIN
  SELECT r.import_id INTO missing FROM (SELECT DISTINCT import_id FROM written) r
  WHERE NOT EXISTS (SELECT 1 FROM history_imports i WHERE i.id = r.import_id) LIMIT 1;
  IF FOUND THEN
    RAISE foreign_key_violation USING MESSAGE = format('%s: import %s is not in history_imports', TG_TABLE_NAME, missing);
  END IF;
  RETURN NULL;
END $$;

-- A trigger with a transition table takes one event, so inserts and updates each have theirs.
CREATE TRIGGER history_option_days_import_inserted AFTER INSERT ON history_option_days
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();
CREATE TRIGGER history_option_days_import_updated AFTER UPDATE ON history_option_days
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();
CREATE TRIGGER history_index_minutes_import_inserted AFTER INSERT ON history_index_minutes
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();
CREATE TRIGGER history_index_minutes_import_updated AFTER UPDATE ON history_index_minutes
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION history_rows_import_exists();

CREATE FUNCTION history_imports_delete_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM history_option_days WHERE import_id IN (SELECT id FROM removed);
  DELETE FROM history_index_minutes WHERE import_id IN (SELECT id FROM removed);
  RETURN NULL;
END $$;

CREATE TRIGGER history_imports_delete_rows AFTER DELETE ON history_imports
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION history_imports_delete_rows();
