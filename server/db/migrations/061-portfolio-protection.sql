-- Portfolio protection (issue 41): one combined stop-loss, target, trailing stop-loss and profit lock on a
-- portfolio's mark-to-market (portfolios/protection-service.ts). Each level is stored as the trader set it
-- (`levels`: amounts in rupees or percent of margin) and resolved to paise against the portfolio's margin at
-- that moment (`margin_basis_paise`), so a level never moves while prices and margin do.
--
-- Exactly once: the watcher that sees a level hit fires it with a compare-and-set on `fired_at IS NULL` (one
-- instance wins); the exit then goes out under `exit_key`, one idempotency key per firing, so a retry after a
-- crash or an unknown broker outcome is reconciled from the order book and never places twice.
CREATE TABLE portfolio_protections (
  portfolio_id integer PRIMARY KEY REFERENCES portfolios (id) ON DELETE CASCADE,
  levels jsonb NOT NULL,
  margin_basis_paise bigint NOT NULL CHECK (margin_basis_paise >= 0),
  stop_loss_paise bigint CHECK (stop_loss_paise > 0),
  target_paise bigint CHECK (target_paise > 0),
  trail_every_paise bigint CHECK (trail_every_paise > 0),
  trail_by_paise bigint CHECK (trail_by_paise > 0),
  lock_at_paise bigint CHECK (lock_at_paise > 0),
  lock_keep_paise bigint CHECK (lock_keep_paise >= 0),
  armed_at timestamptz NOT NULL,
  -- The highest MTM seen since it was armed (the trailing stop and the profit lock follow it), and the last.
  peak_mtm_paise bigint NOT NULL,
  last_mtm_paise bigint NOT NULL,
  checked_at timestamptz NOT NULL,
  fired_at timestamptz,
  fired_kind text CHECK (fired_kind IN ('stop_loss', 'trailing_stop_loss', 'profit_lock', 'target')),
  fired_mtm_paise bigint,
  fired_level_paise bigint,
  exit_key text UNIQUE,
  exit_status text CHECK (exit_status IN ('pending', 'done', 'failed')),
  exit_message text,
  exit_attempts integer NOT NULL DEFAULT 0,
  exit_tried_at timestamptz,
  updated_at timestamptz NOT NULL,
  CHECK ((fired_at IS NULL) = (fired_kind IS NULL)),
  CHECK (trail_every_paise IS NULL OR stop_loss_paise IS NOT NULL),
  CHECK ((trail_every_paise IS NULL) = (trail_by_paise IS NULL)),
  CHECK ((lock_at_paise IS NULL) = (lock_keep_paise IS NULL))
);
-- The watcher's two reads: armed protections, and fired ones whose exit is not finished.
CREATE INDEX portfolio_protections_armed_idx ON portfolio_protections (portfolio_id) WHERE fired_at IS NULL;
CREATE INDEX portfolio_protections_exiting_idx ON portfolio_protections (portfolio_id) WHERE exit_status = 'pending';
