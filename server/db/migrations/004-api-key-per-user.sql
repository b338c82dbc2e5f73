-- An api_key identifies the app (Kite: one per Connect app), not the account: it is unique per user only.
-- Unique across users, linking a key another user had linked answered "taken", which told whoever tried
-- that the key exists, and let anyone squat a key before its owner linked it. The broker's login page
-- now finds the account by api_key and Client ID together, as Kite does with an app's key and the
-- Client ID typed on its page.
DROP INDEX broker_accounts_api_key_key;
CREATE UNIQUE INDEX broker_accounts_user_api_key_key ON broker_accounts (user_id, broker_id, api_key);
CREATE INDEX broker_accounts_login_idx ON broker_accounts (broker_id, api_key, upper(account_number));

-- Two users may link the same api_key and Client ID: one request_token is then issued for each of their
-- accounts (a row each, with that account's expected checksum), and the first exchange uses them all up.
ALTER TABLE broker_request_tokens DROP CONSTRAINT broker_request_tokens_token_hash_key;
CREATE UNIQUE INDEX broker_request_tokens_token_account_key ON broker_request_tokens (token_hash, broker_account_id);
