-- Issue 61: alerts a crash left "working" are settled from their bot action at start and after each engine tick
-- (bots/webhooks/webhook-leftovers.ts). The few working rows are found without reading the whole log.
CREATE INDEX webhook_alerts_working ON webhook_alerts (id) WHERE outcome = 'working';
