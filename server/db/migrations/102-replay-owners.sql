-- Which instance holds a replay's open book (issue 61, "shared across instances"): a replay's book is interactive
-- and lives in the memory of one instance, so on PostgreSQL, where several instances share the database, one
-- instance at a time owns it. The owner renews its lease (heartbeat_at) while it runs; another instance a trader's
-- request reaches forwards it to the owner's internal address, or claims the replay once that lease went stale
-- (the owner died) and rebuilds the book from replay_actions. Ending a replay deletes its row with it. A row, not
-- a pg-boss job: pg-boss 10 has no heartbeat for a running job, only a fixed expiry, and a book stays open for
-- as long as its trader reads it. Unused on PGlite (one instance holds every book).
CREATE TABLE replay_owners (
  replay_id integer PRIMARY KEY REFERENCES replays (id) ON DELETE CASCADE,
  -- A random id the instance takes at its start (a restarted instance is another owner).
  instance_id text NOT NULL,
  -- Where the other instances reach it (http://host:port), null while it is not listening.
  address text,
  claimed_at timestamptz NOT NULL,
  heartbeat_at timestamptz NOT NULL
);

CREATE INDEX replay_owners_instance ON replay_owners (instance_id);
