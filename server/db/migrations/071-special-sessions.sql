-- Muhurat trading of Sunday 8 November 2026 (issue 39): the date is NSE's (the 2026 holiday list, NSE/CMTR/71775,
-- lists Diwali Laxmi Pujan on Sunday 8 November with a Muhurat session whose timings are notified later); the
-- hours entered in migration 005, 18:00–19:00, were never checked against the session's own circular.
--
-- Checked on 28 November 2026 by searching the stored public pages for NSE's circular of the session (queries:
-- "NSE Muhurat trading 2026 timings circular", "Muhurat trading November 8 2026 session time", "Samvat 2083
-- Muhurat trading NSE BSE timings", "Zerodha Muhurat trading 2026", and the holiday-list wording). Found: the
-- circulars and press reports of every year from 2020 to 2025 (the hours migration 037 holds), and for 2026
-- only pages written before the session that say its hours would be notified two or three weeks before it. No
-- source giving the 2026 session's hours was found, so the hours stay 18:00–19:00 (2024's evening hour; 2025's
-- was 13:45–14:45) and the row says plainly that they are unconfirmed. A day replayed or backtested from history
-- still plays the minutes its imported data holds; when the circular is found, a migration corrects the hours
-- (and the MIS square-off, ten minutes before the close).
UPDATE market_calendar
SET source = 'NSE/CMTR/71775 (trading holidays 2026: Muhurat trading on Sunday 8 November, timings to be notified). '
  || 'Hours 18:00-19:00 unconfirmed: no NSE circular of the session''s timings found (searched 28 November 2026)'
WHERE day = '2026-11-08' AND kind = 'special_session';

-- The disaster-recovery drills' second session (issue 39). NSE's circulars of 14 February and 7 May 2024 gave the
-- F&O segment two live sessions on Saturdays 2 March and 18 May 2024: 09:15–10:00 from the primary site, then,
-- after the switch to the disaster-recovery site, 11:30–12:30. A row held one session (the first); it now holds
-- the second beside it (`second_open`, `second_close`): the day trades from `open_time` to `second_close`, and
-- between `close_time` and `second_open` the market is shut (no fills, no bot entries). The MIS square-off stays
-- the open (no MIS order was taken in either session).
ALTER TABLE market_calendar
  ADD COLUMN second_open text CHECK (second_open ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD COLUMN second_close text CHECK (second_close ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD CONSTRAINT market_calendar_second_session CHECK (
    (second_open IS NULL AND second_close IS NULL)
    OR (kind = 'special_session' AND close_time < second_open AND second_open < second_close));

UPDATE market_calendar SET second_open = '11:30', second_close = '12:30'
WHERE day IN ('2024-03-02', '2024-05-18') AND kind = 'special_session';

-- A replay keeps the hours it was started with (066): the closed stretch between two sessions too (null: none).
ALTER TABLE replays
  ADD COLUMN session_pause_from text CHECK (session_pause_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD COLUMN session_pause_until text CHECK (session_pause_until ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD CONSTRAINT replays_session_pause CHECK (
    (session_pause_from IS NULL AND session_pause_until IS NULL)
    OR (session_open < session_pause_from AND session_pause_from < session_pause_until AND session_pause_until < session_close));
