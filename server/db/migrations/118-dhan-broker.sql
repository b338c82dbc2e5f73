-- Dhan (DhanHQ v2) as the third live broker (server/services/brokers/dhan-broker/). An account's api_key is its
-- Dhan app id and its api_secret the app's secret (the consent flow's app_id and app_secret headers); its
-- account_number is the Dhan client ID every order names (dhanClientId).
INSERT INTO brokers (id, slug, display_name) VALUES (4, 'dhan', 'Dhan');
