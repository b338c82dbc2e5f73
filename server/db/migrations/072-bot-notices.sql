-- The bot cards are told when a bot changes (issue 37, a desk that pushes): a `bots` notice on the trader's
-- price streams, written beside a bot created, edited, paused, resumed or deleted, its account's bots stopped
-- by the kill switch, and once per engine tick for the accounts whose bots acted. The screen reads its bots'
-- states once per notice instead of every 5 s. Like every notice, it names what to read again, never the data.
ALTER TABLE stream_notices DROP CONSTRAINT stream_notices_topic_check;
ALTER TABLE stream_notices ADD CONSTRAINT stream_notices_topic_check CHECK (topic IN ('account', 'alerts', 'kill_switch', 'bots'));
