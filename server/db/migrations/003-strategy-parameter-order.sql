-- A base strategy's parameter schema is shown to the trader as a form, in the order its author wrote the
-- fields. jsonb re-sorts object keys; json keeps the text as written. The catalogue is written again at
-- every start, so existing rows regain their order then.
ALTER TABLE base_strategies ALTER COLUMN parameters TYPE json USING parameters::text::json;
