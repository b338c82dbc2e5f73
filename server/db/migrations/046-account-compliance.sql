-- What a live account's compliance state shows (issue 38) that the broker cannot tell StrikeDesk: the static IP
-- the trader registered at the broker (SEBI's retail-algo framework: orders only from a whitelisted IP), and
-- the algo ID the broker or the exchange gave the trader's strategy, sent with every order where the broker's
-- API carries one (Upstox's X-Algo-Name). Both are the trader's own words, null until entered.
ALTER TABLE broker_accounts
  ADD COLUMN static_ip text CHECK (length(static_ip) BETWEEN 1 AND 45),
  ADD COLUMN algo_id text CHECK (length(algo_id) BETWEEN 1 AND 64);
