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
