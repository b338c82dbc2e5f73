-- NSE's trading holidays and special sessions of 2020 to 2025 (issue 36), so imported history of those years
-- tells a day the exchange was closed (a holiday, with its name) from a trading day without data (a gap),
-- and a backtest's expiries move as the exchange moved them. Each row names the circular it comes from in
-- `source`: the year's list ("Trading holidays for the calendar year …", NSE/CMTR/…, published each December
-- for the equity derivatives segment) and the later circulars that changed it. BSE's derivatives closed on
-- the same days. Weekend holidays need no row. Sources: docs/market-history.md.
--
-- A weekday Diwali (Laxmi Pujan) is a holiday with a one-hour Muhurat session: the market trades that day,
-- so it is a special session, not a holiday. A special session on a Saturday or Sunday (the Union Budget,
-- Muhurat trading, the disaster-recovery drills) opens a day that would be closed.
ALTER TABLE market_calendar ADD COLUMN source text CHECK (char_length(source) <= 300);

UPDATE market_calendar SET source = 'NSE/CMTR/71775 (trading holidays 2026)' WHERE day BETWEEN '2026-01-01' AND '2026-12-31';
UPDATE market_calendar SET source = 'NSE circular of 12 January 2026 (Municipal Corporation elections, modifying NSE/CMTR/71775)' WHERE day = '2026-01-15';
UPDATE market_calendar SET source = 'NSE circular of January 2026 (live trading session on the Union Budget day)' WHERE day = '2026-02-01';
UPDATE market_calendar SET source = 'NSE/CMTR/71775 (Muhurat trading on Diwali Laxmi Pujan); its hours are not yet checked against the session''s circular' WHERE day = '2026-11-08';
UPDATE market_calendar SET source = 'Expected festival date: NSE publishes the 2027 list in December 2026' WHERE provisional;

INSERT INTO market_calendar (exchange, day, kind, description, provisional, source)
SELECT exchange, day::date, 'holiday', description, false, source
FROM (VALUES
  -- 2020: NSE/CMTR/42877 (December 2019).
  ('2020-02-21', 'Mahashivratri', 'NSE/CMTR/42877 (trading holidays 2020)'),
  ('2020-03-10', 'Holi', 'NSE/CMTR/42877 (trading holidays 2020)'),
  ('2020-04-02', 'Ram Navami', 'NSE/CMTR/42877 (trading holidays 2020)'),
  ('2020-04-06', 'Mahavir Jayanti', 'NSE/CMTR/42877 (trading holidays 2020)'),
  ('2020-04-10', 'Good Friday', 'NSE/CMTR/42877 (trading holidays 2020)'),
  ('2020-04-14', 'Dr. Baba Saheb Ambedkar Jayanti', 'NSE/CMTR/42877 (trading holidays 2020)'),
  ('2020-05-01', 'Maharashtra Day', 'NSE/CMTR/42877 (trading holidays 2020)'),
  ('2020-05-25', 'Id-Ul-Fitr (Ramzan Id)', 'NSE/CMTR/42877 (trading holidays 2020)'),
  ('2020-10-02', 'Mahatma Gandhi Jayanti', 'NSE/CMTR/42877 (trading holidays 2020)'),
  ('2020-11-16', 'Diwali Balipratipada', 'NSE/CMTR/42877 (trading holidays 2020)'),
  ('2020-11-30', 'Gurunanak Jayanti', 'NSE/CMTR/42877 (trading holidays 2020)'),
  ('2020-12-25', 'Christmas', 'NSE/CMTR/42877 (trading holidays 2020)'),
  -- 2021: NSE/CMTR/46623 (11 December 2020).
  ('2021-01-26', 'Republic Day', 'NSE/CMTR/46623 (trading holidays 2021)'),
  ('2021-03-11', 'Mahashivratri', 'NSE/CMTR/46623 (trading holidays 2021)'),
  ('2021-03-29', 'Holi', 'NSE/CMTR/46623 (trading holidays 2021)'),
  ('2021-04-02', 'Good Friday', 'NSE/CMTR/46623 (trading holidays 2021)'),
  ('2021-04-14', 'Dr. Baba Saheb Ambedkar Jayanti', 'NSE/CMTR/46623 (trading holidays 2021)'),
  ('2021-04-21', 'Ram Navami', 'NSE/CMTR/46623 (trading holidays 2021)'),
  ('2021-05-13', 'Id-Ul-Fitr (Ramzan Id)', 'NSE/CMTR/46623 (trading holidays 2021)'),
  ('2021-07-21', 'Bakri Id', 'NSE/CMTR/46623 (trading holidays 2021)'),
  ('2021-08-19', 'Moharram', 'NSE/CMTR/46623 (trading holidays 2021)'),
  ('2021-09-10', 'Ganesh Chaturthi', 'NSE/CMTR/46623 (trading holidays 2021)'),
  ('2021-10-15', 'Dussehra', 'NSE/CMTR/46623 (trading holidays 2021)'),
  ('2021-11-05', 'Diwali Balipratipada', 'NSE/CMTR/46623 (trading holidays 2021)'),
  ('2021-11-19', 'Gurunanak Jayanti', 'NSE/CMTR/46623 (trading holidays 2021)'),
  -- 2022: NSE/CMTR/50560 (December 2021).
  ('2022-01-26', 'Republic Day', 'NSE/CMTR/50560 (trading holidays 2022)'),
  ('2022-03-01', 'Mahashivratri', 'NSE/CMTR/50560 (trading holidays 2022)'),
  ('2022-03-18', 'Holi', 'NSE/CMTR/50560 (trading holidays 2022)'),
  ('2022-04-14', 'Mahavir Jayanti / Dr. Baba Saheb Ambedkar Jayanti', 'NSE/CMTR/50560 (trading holidays 2022)'),
  ('2022-04-15', 'Good Friday', 'NSE/CMTR/50560 (trading holidays 2022)'),
  ('2022-05-03', 'Id-Ul-Fitr (Ramzan Id)', 'NSE/CMTR/50560 (trading holidays 2022)'),
  ('2022-08-09', 'Muharram', 'NSE/CMTR/50560 (trading holidays 2022)'),
  ('2022-08-15', 'Independence Day', 'NSE/CMTR/50560 (trading holidays 2022)'),
  ('2022-08-31', 'Ganesh Chaturthi', 'NSE/CMTR/50560 (trading holidays 2022)'),
  ('2022-10-05', 'Dussehra', 'NSE/CMTR/50560 (trading holidays 2022)'),
  ('2022-10-26', 'Diwali Balipratipada', 'NSE/CMTR/50560 (trading holidays 2022)'),
  ('2022-11-08', 'Gurunanak Jayanti', 'NSE/CMTR/50560 (trading holidays 2022)'),
  -- 2023: NSE/CMTR/54757 (8 December 2022); Bakri Id moved from 28 to 29 June by NSE's circular of 27 June 2023.
  ('2023-01-26', 'Republic Day', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-03-07', 'Holi', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-03-30', 'Ram Navami', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-04-04', 'Mahavir Jayanti', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-04-07', 'Good Friday', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-04-14', 'Dr. Baba Saheb Ambedkar Jayanti', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-05-01', 'Maharashtra Day', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-06-29', 'Bakri Id', 'NSE circular of 27 June 2023 (moved from 28 June, modifying NSE/CMTR/54757)'),
  ('2023-08-15', 'Independence Day', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-09-19', 'Ganesh Chaturthi', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-10-02', 'Mahatma Gandhi Jayanti', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-10-24', 'Dussehra', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-11-14', 'Diwali Balipratipada', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-11-27', 'Gurunanak Jayanti', 'NSE/CMTR/54757 (trading holidays 2023)'),
  ('2023-12-25', 'Christmas', 'NSE/CMTR/54757 (trading holidays 2023)'),
  -- 2024: NSE/CMTR/59722 (December 2023), and three closures added during the year.
  ('2024-01-22', 'Special holiday (Pran Pratishtha of the Ram temple, Ayodhya)', 'NSE circular of 19 January 2024 (public holiday under the Negotiable Instruments Act)'),
  ('2024-01-26', 'Republic Day', 'NSE/CMTR/59722 (trading holidays 2024)'),
  ('2024-03-08', 'Mahashivratri', 'NSE/CMTR/59722 (trading holidays 2024)'),
  ('2024-03-25', 'Holi', 'NSE/CMTR/59722 (trading holidays 2024)'),
  ('2024-03-29', 'Good Friday', 'NSE/CMTR/59722 (trading holidays 2024)'),
  ('2024-04-11', 'Id-Ul-Fitr (Ramadan Eid)', 'NSE/CMTR/59722 (trading holidays 2024)'),
  ('2024-04-17', 'Shri Ram Navami', 'NSE/CMTR/59722 (trading holidays 2024)'),
  ('2024-05-01', 'Maharashtra Day', 'NSE/CMTR/59722 (trading holidays 2024)'),
  ('2024-05-20', 'General Parliamentary Elections (Mumbai)', 'NSE circular of 8 April 2024'),
  ('2024-06-17', 'Bakri Id', 'NSE/CMTR/59722 (trading holidays 2024)'),
  ('2024-07-17', 'Moharram', 'NSE/CMTR/59722 (trading holidays 2024)'),
  ('2024-08-15', 'Independence Day / Parsi New Year', 'NSE/CMTR/59722 (trading holidays 2024)'),
  ('2024-10-02', 'Mahatma Gandhi Jayanti', 'NSE/CMTR/59722 (trading holidays 2024)'),
  ('2024-11-15', 'Gurunanak Jayanti', 'NSE/CMTR/59722 (trading holidays 2024)'),
  ('2024-11-20', 'Maharashtra Assembly Elections', 'NSE circular of 8 November 2024'),
  ('2024-12-25', 'Christmas', 'NSE/CMTR/59722 (trading holidays 2024)'),
  -- 2025: NSE/CMTR/65587 (December 2024).
  ('2025-02-26', 'Mahashivratri', 'NSE/CMTR/65587 (trading holidays 2025)'),
  ('2025-03-14', 'Holi', 'NSE/CMTR/65587 (trading holidays 2025)'),
  ('2025-03-31', 'Id-Ul-Fitr (Ramadan Eid)', 'NSE/CMTR/65587 (trading holidays 2025)'),
  ('2025-04-10', 'Shri Mahavir Jayanti', 'NSE/CMTR/65587 (trading holidays 2025)'),
  ('2025-04-14', 'Dr. Baba Saheb Ambedkar Jayanti', 'NSE/CMTR/65587 (trading holidays 2025)'),
  ('2025-04-18', 'Good Friday', 'NSE/CMTR/65587 (trading holidays 2025)'),
  ('2025-05-01', 'Maharashtra Day', 'NSE/CMTR/65587 (trading holidays 2025)'),
  ('2025-08-15', 'Independence Day', 'NSE/CMTR/65587 (trading holidays 2025)'),
  ('2025-08-27', 'Ganesh Chaturthi', 'NSE/CMTR/65587 (trading holidays 2025)'),
  ('2025-10-02', 'Mahatma Gandhi Jayanti / Dussehra', 'NSE/CMTR/65587 (trading holidays 2025)'),
  ('2025-10-22', 'Diwali Balipratipada', 'NSE/CMTR/65587 (trading holidays 2025)'),
  ('2025-11-05', 'Prakash Gurpurb Sri Guru Nanak Dev', 'NSE/CMTR/65587 (trading holidays 2025)'),
  ('2025-12-25', 'Christmas', 'NSE/CMTR/65587 (trading holidays 2025)')
) AS days (day, description, source)
CROSS JOIN (VALUES ('NSE'), ('BSE')) AS exchanges (exchange);

-- Days the market traded outside its usual week or hours (IST). The disaster-recovery drills of 2 March and
-- 18 May 2024 traded twice, 09:15–10:00 from the primary site and again from the recovery site before 12:30;
-- a row holds one session, so it keeps the first (a bot's time after 10:00 is after that day's close).
INSERT INTO market_calendar (exchange, day, kind, open_time, close_time, description, provisional, source)
SELECT exchange, day::date, 'special_session', open_time, close_time, description, false, source
FROM (VALUES
  ('2020-02-01', '09:15', '15:30', 'Union Budget (Saturday session)', 'NSE circular of January 2020 (trading on the Union Budget day)'),
  ('2020-11-14', '18:15', '19:15', 'Diwali Laxmi Pujan: Muhurat trading', 'NSE/CMTR/42877 and the Muhurat trading circular of November 2020'),
  ('2021-11-04', '18:15', '19:15', 'Diwali Laxmi Pujan: Muhurat trading only', 'NSE/CMTR/46623 and the Muhurat trading circular of November 2021'),
  ('2022-10-24', '18:15', '19:15', 'Diwali Laxmi Pujan: Muhurat trading only', 'NSE/CMTR/50560 and the Muhurat trading circular of October 2022'),
  ('2023-11-12', '18:15', '19:15', 'Diwali Laxmi Pujan: Muhurat trading', 'NSE/CMTR/54757 and the Muhurat trading circular of October 2023'),
  ('2024-01-20', '09:15', '15:30', 'Saturday session before the 22 January holiday', 'NSE circular of 19 January 2024 (a full session instead of the planned recovery-site drill)'),
  ('2024-03-02', '09:15', '10:00', 'Special live session from the primary and disaster-recovery sites (again 11:30–12:30)', 'NSE circular of 14 February 2024'),
  ('2024-05-18', '09:15', '10:00', 'Special live session from the primary and disaster-recovery sites (again 11:30–12:30)', 'NSE circular of 7 May 2024'),
  ('2024-11-01', '18:00', '19:00', 'Diwali Laxmi Pujan: Muhurat trading only', 'NSE/CMTR/59722 and the Muhurat trading circular of October 2024'),
  ('2025-02-01', '09:15', '15:30', 'Union Budget (Saturday session)', 'NSE circular of January 2025 (trading on the Union Budget day)'),
  ('2025-10-21', '13:45', '14:45', 'Diwali Laxmi Pujan: Muhurat trading only', 'NSE/CMTR/65587 and the Muhurat trading circular of 22 September 2025')
) AS sessions (day, open_time, close_time, description, source)
CROSS JOIN (VALUES ('NSE'), ('BSE')) AS exchanges (exchange);
