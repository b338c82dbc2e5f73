-- What a live broker's instrument file says of an underlying, beside StrikeDesk's own table, once an IST day per
-- broker (issue 60). Upstox's instrument file carries each contract's `freeze_quantity`: its value is the one used
-- for that broker's orders (upstox-contracts.ts), and it is recorded here with the value of freeze_quantities in
-- force that day, so the Market facts screen can say where the two disagree and that the broker's is used. Kite's
-- dump has no freeze quantity; its lot size, strike step and tick differences stay in kite_instrument_loads.
CREATE TABLE broker_instrument_facts (
  broker text NOT NULL CHECK (broker ~ '^[a-z][a-z0-9_-]{1,31}$'),
  underlying text NOT NULL CHECK (underlying ~ '^[A-Z][A-Z0-9&_-]{0,19}$'),
  fact text NOT NULL CHECK (fact IN ('freeze_quantity')),
  seen_on date NOT NULL,
  -- The most common value among the underlying's options in the file (one odd row does not decide it).
  broker_value integer NOT NULL CHECK (broker_value > 0),
  -- StrikeDesk's value in force on seen_on (null: it has none for this underlying).
  strikedesk_value integer,
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (broker, underlying, fact, seen_on)
);
