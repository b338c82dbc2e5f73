-- Issue 64 (session 78): a completed live order's charges priced by StrikeDesk at the broker's dated tariff
-- (broker_tariffs, migration 135) where the broker has no charges call (Noren: Shoonya, Flattrade). When no tariff
-- is in force (Flattrade), those charges are the statutory ones alone and the brokerage is not priced: said so on
-- the order (false), so positions and trades say "brokerage not priced" instead of showing a made-up ₹0. Null: the
-- broker's own figure (Kite, Upstox), or not priced at all (charges_paise null).
ALTER TABLE kite_orders ADD COLUMN brokerage_priced boolean;
