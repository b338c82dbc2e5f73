-- Backtests (issue 25): a bot run over imported history as a job in the database, so any server
-- instance's worker can run it. Workers claim queued jobs with FOR UPDATE SKIP LOCKED (one job, one
-- worker), write progress as they go, and stop when the trader cancels. The report stays until deleted.
CREATE TABLE backtests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  progress numeric(5, 4) NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
  -- The bot as it was asked for (a copy: editing or deleting the saved bot changes no report).
  bot jsonb NOT NULL,
  bot_kind text NOT NULL CHECK (bot_kind IN ('daily', 'trading')),
  -- The saved bot's id, null for a bot configured on the spot; no foreign key, the copy is what counts.
  bot_id integer,
  first_day date NOT NULL,
  last_day date NOT NULL CHECK (last_day >= first_day AND last_day <= first_day + 5 * 366),
  capital_paise bigint NOT NULL CHECK (capital_paise > 0),
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  -- Which worker holds a running job (instance and process), for the logs.
  worker text,
  -- Why it failed, as a LocalText (code and parameters).
  error jsonb,
  -- The report (summary, trades, equity, daily), once done.
  result jsonb
);

-- The queue's head: the oldest queued jobs.
CREATE INDEX backtests_queue ON backtests (created_at, id) WHERE status = 'queued';
CREATE INDEX backtests_by_user ON backtests (user_id, id DESC);
