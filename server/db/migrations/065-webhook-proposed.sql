-- Issue 41: an alert to an approve-first bot's webhook becomes a proposal for the trader to approve, not an
-- order; its line in the bot's alert log says so ('proposed'), and the proposal carries what happened next.
ALTER TABLE webhook_alerts DROP CONSTRAINT webhook_alerts_outcome_check;
ALTER TABLE webhook_alerts ADD CONSTRAINT webhook_alerts_outcome_check CHECK (outcome IN ('placed', 'working', 'proposed', 'refused', 'failed'));
