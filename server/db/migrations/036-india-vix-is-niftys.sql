-- India VIX is NIFTY's (issue 36): NSE computes it from NIFTY's options alone, yet every index's snapshots
-- and daily bars carried it, so Market view showed one VIX against BANKNIFTY, FINNIFTY, MIDCPNIFTY and SENSEX
-- too. From now on only NIFTY's rows carry it (each index shows its own at-the-money IV); the rows already
-- stored are made to say the same.
UPDATE data SET vix = NULL WHERE "index" <> 'NIFTY';
UPDATE daily_data SET vix = NULL WHERE "index" <> 'NIFTY';
