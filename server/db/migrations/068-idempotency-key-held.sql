-- The statement that stores an intent's answer on its Idempotency-Key decides whether the paper broker's
-- placement, made in the same transaction, may commit: only while this request still holds the key (a retry
-- that took the key over after the lease records what it finds by the tag, and this placement must then be
-- rolled back). The check was JavaScript reading the statement's answer, so the COMMIT had to wait for it: a
-- round trip of its own (issue 37). Raised by the statement itself, the COMMIT can go out with it
-- (QueryOptions.last): a key no longer held fails the statement, and PostgreSQL answers the COMMIT that follows
-- with a ROLLBACK. SQLSTATE SD409 (a class of StrikeDesk's own, "409: in progress"), told apart by the server.
CREATE FUNCTION idempotency_key_held(held boolean) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF NOT held THEN
    RAISE EXCEPTION 'the Idempotency-Key is no longer held by this request' USING ERRCODE = 'SD409';
  END IF;
  RETURN true;
END $$;
