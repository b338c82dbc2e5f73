-- The simulated market on one clock, with open interest that is a state (issue 23).
--
-- `volatility` is now the index's realised volatility on the options' calendar clock (ACT/365): the spot
-- diffuses σ² × the variance time that passed (server/services/market/variance-clock.ts), the same time the
-- options decay on. It is set 5 % below the base at-the-money implied volatility: with the short-dated
-- weeklies' gamma-week premium on top, the nearest weekly's implied runs about 10 % above realised, the
-- premium sellers of real index options earn on average.
UPDATE market_simulation SET volatility = round(atm_volatility * 0.95, 4);

-- Until when simulated trading (each contract's volume and the open interest it builds or unwinds) has been
-- applied for the index; null before the first trading minute.
ALTER TABLE market_index_state ADD COLUMN traded_at timestamptz;

-- Each listed contract's open interest, in lots, as a state: seeded when the contract is listed (calls piled
-- above the spot, puts below, large OI at round far strikes where hedgers sit), then changed only by the
-- simulated trading the leader applies once a minute. The day's volume and the OI at the day's start give
-- volume and OI change; they belong to `session_date` (a new session starts them again).
CREATE TABLE market_open_interest (
  instrument_token integer PRIMARY KEY REFERENCES instruments (instrument_token),
  oi_lots bigint NOT NULL CHECK (oi_lots >= 0),
  day_open_oi_lots bigint NOT NULL CHECK (day_open_oi_lots >= 0),
  day_volume_lots bigint NOT NULL DEFAULT 0 CHECK (day_volume_lots >= 0),
  session_date date NOT NULL,
  updated_at timestamptz NOT NULL
);
