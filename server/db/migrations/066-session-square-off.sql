-- Special sessions replay at their own hours (issue 39). Two things a special session's day needs beside its
-- open and close:
--
-- 1. The broker's MIS square-off of the session (`mis_square_off`, HH:MM IST): from then on intraday positions
--    are squared off and no fresh MIS order is taken, as 15:25 is on a regular day. The exchange's circular sets
--    the session's hours; the square-off is the broker's (Zerodha's, the broker the paper book models), announced
--    with each session. Muhurat trading: "all intraday positions will be squared off 10 minutes prior to market
--    closing" (Zerodha bulletins of October 2022 and 28 October 2024); the other years' bulletins say the same
--    and are entered by that rule. The disaster-recovery drills of 2024 took no MIS orders at all ("MIS/CO
--    (intraday) orders are restricted for both sessions", Zerodha's notice for 2 March 2024): the square-off is
--    the open. A full-day special session (the Union Budget, 20 January 2024) squares off at 15:25.
--    Null means the regular rule applies: five minutes before the session's close.
--
-- 2. The hours a replay was started with (`replays.session_*`): the replayed clock runs from the day's open to
--    its close and every read computes it from the stored row (replay-clock.ts), so the session is kept with
--    the replay rather than read from the calendar at every read. Replays started before this migration are
--    regular days (a special session outside 09:15–15:30 could not be started): the defaults are those hours.
ALTER TABLE market_calendar ADD COLUMN mis_square_off text CHECK (mis_square_off ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
ALTER TABLE market_calendar ADD CONSTRAINT market_calendar_mis_square_off_in_session
  CHECK (mis_square_off IS NULL OR (kind = 'special_session' AND mis_square_off >= open_time AND mis_square_off <= close_time));

-- Each row's `said` is where its square-off comes from (kept here and in docs/market-history.md; `source` stays
-- the circular of the session's hours, as the coverage screen shows it).
UPDATE market_calendar SET mis_square_off = sessions.mis_square_off
FROM (VALUES
  ('2020-02-01', '15:25', 'the regular 15:25 (a full session)'),
  ('2020-11-14', '19:05', 'Zerodha, intraday squared off 10 minutes before the close of Muhurat trading'),
  ('2021-11-04', '19:05', 'Zerodha, intraday squared off 10 minutes before the close of Muhurat trading'),
  ('2022-10-24', '19:05', 'Zerodha bulletin of October 2022 (10 minutes before the close)'),
  ('2023-11-12', '19:05', 'Zerodha, intraday squared off 10 minutes before the close of Muhurat trading'),
  ('2024-01-20', '15:25', 'the regular 15:25 (a full session)'),
  ('2024-03-02', '09:15', 'no MIS orders in the drill (Zerodha notice of February 2024)'),
  ('2024-05-18', '09:15', 'no MIS orders in the drill (as on 2 March 2024)'),
  ('2024-11-01', '18:50', 'Zerodha bulletin of 28 October 2024 (10 minutes before the close)'),
  ('2025-02-01', '15:25', 'the regular 15:25 (a full session)'),
  ('2025-10-21', '14:35', 'Zerodha, intraday squared off 10 minutes before the close of Muhurat trading'),
  ('2026-02-01', '15:25', 'the regular 15:25 (a full session)'),
  ('2026-11-08', '18:50', 'Zerodha, intraday squared off 10 minutes before the close of Muhurat trading')
) AS sessions (day, mis_square_off, said)
WHERE market_calendar.day = sessions.day::date AND market_calendar.kind = 'special_session';

ALTER TABLE replays
  ADD COLUMN session_open text NOT NULL DEFAULT '09:15' CHECK (session_open ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD COLUMN session_close text NOT NULL DEFAULT '15:30' CHECK (session_close ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD COLUMN mis_square_off text NOT NULL DEFAULT '15:25' CHECK (mis_square_off ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD CONSTRAINT replays_session_hours CHECK (session_open < session_close AND mis_square_off >= session_open AND mis_square_off <= session_close);
