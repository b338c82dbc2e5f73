-- The 2024 drills' names said their second session in words ("again 11:30–12:30", migration 037) because a row
-- held one session. Since 071 the row holds the second one's hours, which the coverage screen shows in the
-- trader's language; the name keeps only what the day was.
UPDATE market_calendar
SET description = 'Special live session from the primary and disaster-recovery sites'
WHERE day IN ('2024-03-02', '2024-05-18') AND kind = 'special_session'
  AND description = 'Special live session from the primary and disaster-recovery sites (again 11:30–12:30)';
