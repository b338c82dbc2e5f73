-- The paper broker reads the indices' stored state once a tick instead of once an order (issue 37), on every
-- instance: each write to market_index_state (a tick, the market's first start) NOTIFYs market_ticks at its
-- commit, and every instance LISTENs and reads the state again (market/tick-states.ts). A statement-level
-- trigger, and one payload: a tick's several rows are one notice (PostgreSQL folds identical ones).
CREATE FUNCTION market_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('market_ticks', '');
  RETURN NULL;
END $$;

CREATE TRIGGER market_index_state_changed AFTER INSERT OR UPDATE OR DELETE ON market_index_state
  FOR EACH STATEMENT EXECUTE FUNCTION market_state_changed();
