-- Every state a paper order went through, oldest first: the broker-neutral order history (issue 22; Kite
-- answers its own from GET /orders/:order_id) and what the paper broker's stream of order changes reads.
-- Written by a trigger on paper_orders, so no path that changes an order (placement, fill, trigger,
-- modification, cancellation, protection refit, settlement) can forget it. A row is a change of what the
-- trader sees of the order; an update that changes none of it (an OCO group set) writes nothing. `at` is the
-- order's updated_at: the server's clock, as every other time of the order.
CREATE TABLE paper_order_states (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_row_id bigint NOT NULL REFERENCES paper_orders (id) ON DELETE CASCADE,
  broker_account_id integer NOT NULL,
  status text NOT NULL,
  status_message text,
  order_type text NOT NULL,
  quantity integer NOT NULL,
  price_paise bigint NOT NULL,
  trigger_price_paise bigint NOT NULL,
  filled_quantity integer NOT NULL,
  filled_value_paise bigint NOT NULL,
  cancelled_quantity integer NOT NULL,
  modifications integer NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX paper_order_states_order_idx ON paper_order_states (order_row_id, id);
CREATE INDEX paper_order_states_account_at_idx ON paper_order_states (broker_account_id, at);

CREATE FUNCTION paper_order_states_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.status_message, OLD.order_type, OLD.quantity, OLD.price_paise, OLD.trigger_price_paise,
      OLD.filled_quantity, OLD.filled_value_paise, OLD.cancelled_quantity, OLD.modifications)
    IS NOT DISTINCT FROM (NEW.status, NEW.status_message, NEW.order_type, NEW.quantity, NEW.price_paise, NEW.trigger_price_paise,
      NEW.filled_quantity, NEW.filled_value_paise, NEW.cancelled_quantity, NEW.modifications) THEN
    RETURN NULL;
  END IF;
  INSERT INTO paper_order_states (order_row_id, broker_account_id, status, status_message, order_type, quantity, price_paise, trigger_price_paise,
    filled_quantity, filled_value_paise, cancelled_quantity, modifications, at)
  VALUES (NEW.id, NEW.broker_account_id, NEW.status, NEW.status_message, NEW.order_type, NEW.quantity, NEW.price_paise, NEW.trigger_price_paise,
    NEW.filled_quantity, NEW.filled_value_paise, NEW.cancelled_quantity, NEW.modifications, NEW.updated_at);
  RETURN NULL;
END
$$;

CREATE TRIGGER paper_order_states_record AFTER INSERT OR UPDATE ON paper_orders FOR EACH ROW EXECUTE FUNCTION paper_order_states_record();

-- Orders placed before this migration: their history starts with the state they are in now.
INSERT INTO paper_order_states (order_row_id, broker_account_id, status, status_message, order_type, quantity, price_paise, trigger_price_paise,
  filled_quantity, filled_value_paise, cancelled_quantity, modifications, at)
SELECT id, broker_account_id, status, status_message, order_type, quantity, price_paise, trigger_price_paise, filled_quantity, filled_value_paise,
  cancelled_quantity, modifications, updated_at
FROM paper_orders ORDER BY id;
