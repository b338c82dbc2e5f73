-- Sessions are kept in each instance's memory for a few seconds (issue 37: a read of the session and its user
-- on every request was a round trip of every order). Whatever ends or changes one must reach every instance
-- at once: a revoked session, a changed password or profile, a deleted user. Each such change NOTIFYs the
-- user's id on session_changes from the statement that made it, delivered when its transaction commits, and
-- every instance LISTENs (accounts/session-cache.ts). Triggers, not the service's code, so no path that writes
-- these rows (a sign-out, a password change, a housekeeping delete, an operator's UPDATE) can forget.
CREATE FUNCTION session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The same payload twice in one transaction is delivered once (PostgreSQL folds them).
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changes', OLD.id::text);
  ELSE
    PERFORM pg_notify('session_changes', OLD.user_id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION session_changed();
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION session_changed();
