-- When the request holding an Idempotency-Key ended with "outcome unknown" (a live broker's answer lost, and
-- its book not showing the order yet): that request is gone, and the claim is kept for its lease only so the
-- broker's book can catch up before anything is sent again. A retry within the lease may then look the tag up
-- at the broker and answer with the orders found, instead of a 409 until the lease is over (issue 62); when
-- none is found the claim goes back as it was, and the retry still answers 409 (trading/idempotency.ts).
ALTER TABLE idempotency_keys ADD COLUMN unknown_at timestamptz;
