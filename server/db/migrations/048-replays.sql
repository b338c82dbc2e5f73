-- Replay (issue 39): a trader replays a past day of market history on the desk, minute by minute, and trades it
-- on a book of its own. One open replay per trader (starting another replaces it, once the trader confirmed).
-- The replayed clock is never ticked by a timer: it is the anchor's replayed instant plus the server time passed
-- since the anchor was set, times the speed (0 paused, 1, 5, 30 or 60), read whenever it is asked for.
CREATE TABLE replays (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  index_name text NOT NULL,
  trade_date date NOT NULL,
  -- Where the trader started (a reset goes back there).
  start_at timestamptz NOT NULL,
  -- The replayed instant at `anchored_at` (server time), and the speed since.
  anchor_at timestamptz NOT NULL,
  anchored_at timestamptz NOT NULL,
  speed smallint NOT NULL CHECK (speed IN (0, 1, 5, 30, 60)),
  -- Moves on each reset: a book built before it is thrown away, on every instance.
  book_epoch integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- What the trader did in the replay's book (orders placed, cancelled), in order, at the replayed instant it was
-- done: the book (an in-memory database of its own, services/replay/replay-books.ts) is rebuilt from these on
-- another instance or after a restart, as the same prices at the same instants give the same fills.
CREATE TABLE replay_actions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  replay_id integer NOT NULL REFERENCES replays (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('place', 'cancel')),
  idempotency_key text NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (replay_id, idempotency_key)
);
