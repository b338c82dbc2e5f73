-- Shoonya (Finvasia) and Flattrade, two brokers on the Noren order system, as live brokers 5 and 6
-- (server/services/brokers/noren-broker/: one adapter, two configurations). An account's api_key is its app's key
-- at the broker (Shoonya's OAuth client id, Flattrade's API key), its api_secret the app's secret (the login's
-- SHA-256 checksum), and its account_number the broker's user id every call names (`uid`, `actid`).
INSERT INTO brokers (id, slug, display_name) VALUES (5, 'shoonya', 'Shoonya (Finvasia)'), (6, 'flattrade', 'Flattrade');
