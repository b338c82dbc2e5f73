-- Where a paper account's prices come from (issue 38): the simulated market (NULL, the default) or the feed of
-- one of the same trader's live accounts (Kite, Upstox), named here. The service checks that the named
-- account is the trader's own and live; unlinking it puts the paper account back on the simulator. Every
-- instance reads the choice from here, so all of them fill the account's orders on the same prices.
ALTER TABLE broker_accounts ADD COLUMN market_account_id integer REFERENCES broker_accounts (id) ON DELETE SET NULL;
ALTER TABLE broker_accounts ADD CONSTRAINT broker_accounts_market_not_self CHECK (market_account_id <> id);
-- The fill engine's pass finds the feeds in use; unlinking a live account finds the paper accounts on it.
CREATE INDEX broker_accounts_market_idx ON broker_accounts (market_account_id) WHERE market_account_id IS NOT NULL;
