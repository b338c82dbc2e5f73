-- Approval from the phone (issue 41): a bot in approve-first mode proposes each entry instead of placing it,
-- and the trader approves or rejects it (in the app, or from the notification) before its deadline.
--
-- Keyed by (bot_kind, bot_id) like bot_actions: daily and trading bots alike, and the history outlives the bot.
CREATE TABLE bot_approval_settings (
  bot_kind text NOT NULL CHECK (bot_kind IN ('trading', 'daily')),
  bot_id integer NOT NULL,
  approve_first boolean NOT NULL DEFAULT false,
  -- How long a proposal waits for the trader before the entry is skipped.
  deadline_seconds integer NOT NULL DEFAULT 60 CHECK (deadline_seconds BETWEEN 15 AND 300),
  -- How far (percent of each leg's proposed price) a price may move before an approval is refused.
  price_tolerance_pct numeric(5, 2) NOT NULL DEFAULT 2 CHECK (price_tolerance_pct > 0 AND price_tolerance_pct <= 20),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (bot_kind, bot_id)
);

-- Every proposal and its decision, kept: what was proposed (legs, prices, margin, charges, max loss), who
-- decided, when, from which device, and the prices then.
CREATE TABLE bot_proposals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  bot_kind text NOT NULL CHECK (bot_kind IN ('trading', 'daily')),
  bot_id integer NOT NULL,
  bot_name text NOT NULL CHECK (char_length(bot_name) <= 200),
  trading_day date NOT NULL,
  -- The bot action it would be (enter or re_enter) and its sequence: the claim an approval makes.
  action text NOT NULL CHECK (action IN ('enter', 're_enter')),
  sequence integer NOT NULL CHECK (sequence >= 1),
  -- [{exchange, tradingsymbol, side, quantity, product, price_paise}] in the order they would be placed.
  legs jsonb NOT NULL,
  margin_paise bigint,
  charges_paise bigint,
  -- The worst P&L at expiry (positive paise); null when the loss has no bound (a naked short call).
  max_loss_paise bigint,
  max_loss_unlimited boolean NOT NULL DEFAULT false,
  price_tolerance_pct numeric(5, 2) NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'expired', 'refused')),
  decided_at timestamptz,
  decided_by integer REFERENCES users (id) ON DELETE SET NULL,
  -- 'app' (a signed-in session) or 'notification' (a push device's single-use token).
  decided_via text CHECK (decided_via IN ('app', 'notification')),
  decided_device text CHECK (char_length(decided_device) <= 200),
  -- The legs' prices when decided (approvals and refusals re-price them), by EXCHANGE:TRADINGSYMBOL.
  decision_prices jsonb,
  message text CHECK (char_length(message) <= 500),
  message_i18n jsonb,
  bot_action_id bigint REFERENCES bot_actions (id) ON DELETE SET NULL,
  order_ids text[] NOT NULL DEFAULT '{}',
  -- One proposal per bot action: two instances proposing the same entry make one row.
  UNIQUE (bot_kind, bot_id, trading_day, action, sequence)
);
CREATE INDEX bot_proposals_user_idx ON bot_proposals (user_id, created_at DESC);
CREATE INDEX bot_proposals_pending_idx ON bot_proposals (expires_at) WHERE status = 'pending';

-- The single-use tokens a notification carries: one per proposal and push device, only their SHA-256 kept.
CREATE TABLE proposal_tokens (
  token_hash text PRIMARY KEY CHECK (char_length(token_hash) = 64),
  proposal_id bigint NOT NULL REFERENCES bot_proposals (id) ON DELETE CASCADE,
  push_device_id integer NOT NULL REFERENCES push_devices (id) ON DELETE CASCADE,
  device_label text NOT NULL CHECK (char_length(device_label) <= 100),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX proposal_tokens_proposal_idx ON proposal_tokens (proposal_id);
