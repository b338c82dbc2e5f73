-- Rows that say they are a sample (issue 36). A new server fills its analytics with a market it makes up:
-- 30 sessions of daily bars before its first start, their closing commentary, two hours of snapshots and the
-- last session's minute bars, and the house strategy bots' records, which are a model applied to those bars
-- (no order is placed). A trader saw "paper results since 13 Oct 2026, +16.6 %, 120 trades" on a new
-- install. Each such row now carries `sample = true`, and every screen that shows one says "Sample"; rows the
-- simulator records as it runs, and the trader's own results, do not. Another Supabase backend may leave the
-- column out: the app reads a missing one as false.

ALTER TABLE bots ADD COLUMN sample boolean NOT NULL DEFAULT false;
ALTER TABLE daily_data ADD COLUMN sample boolean NOT NULL DEFAULT false;
ALTER TABLE commentary ADD COLUMN sample boolean NOT NULL DEFAULT false;
ALTER TABLE data ADD COLUMN sample boolean NOT NULL DEFAULT false;
ALTER TABLE market_candles ADD COLUMN sample boolean NOT NULL DEFAULT false;

-- The house bots' records were always the model's (server/services/analytics/house-bots.ts). The history
-- already seeded on an existing database cannot be told from what followed, so it is left unmarked.
UPDATE bots SET sample = true;

-- A bar of 5 or 15 minutes is a sample when any of its minutes is.
CREATE OR REPLACE VIEW analytics_candles AS
SELECT index_name AS "index", '1m'::text AS "interval", minute AS "time", open, high, low, close, volume, sample
FROM market_candles
UNION ALL
SELECT index_name, '5m'::text, bucket, (array_agg(open ORDER BY minute))[1], max(high), min(low),
       (array_agg(close ORDER BY minute DESC))[1], sum(volume)::bigint, bool_or(sample)
FROM (SELECT *, date_bin('5 minutes', minute, timestamptz '2000-01-01 00:00:00+00') AS bucket FROM market_candles) AS bars
GROUP BY index_name, bucket
UNION ALL
SELECT index_name, '15m'::text, bucket, (array_agg(open ORDER BY minute))[1], max(high), min(low),
       (array_agg(close ORDER BY minute DESC))[1], sum(volume)::bigint, bool_or(sample)
FROM (SELECT *, date_bin('15 minutes', minute, timestamptz '2000-01-01 00:00:00+00') AS bucket FROM market_candles) AS bars
GROUP BY index_name, bucket;
