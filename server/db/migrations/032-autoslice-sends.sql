-- Live orders above the freeze quantity go to Kite as one autoslice call (kite-broker/order-placing.ts): its
-- slices keep their own numbers in kite_sends, all written before that one call. `autoslice_first` names the
-- call (the number of its first slice; null for an order sent on its own), so the children of a call whose
-- answer was lost are matched to its slices together, by Kite's "autoslice:<parent>" tag, whatever their
-- quantities. `parent_order_id` is Kite's parent id once its answer or a child in the book told it: a slice
-- of a call Kite answered is never sent again, found or not.
ALTER TABLE kite_sends ADD COLUMN autoslice_first integer;
ALTER TABLE kite_sends ADD COLUMN parent_order_id text;
