// Why an implied volatility chart's read was refused (GET /api/market-history/iv/…), in English and as a coded text.
import { said, type Said } from './said.ts';

export const ivTexts = {
  expiryBeforeDay: (expiry: string, day: string): Said =>
    said('history.iv_expiry_before_day', { expiry, day }, `expiry: ${expiry} had expired before ${day}: choose an expiry on or after the day`),
  minuteOutsideSession: (time: string): Said =>
    said('history.iv_minute_outside_session', { time }, `at: ${time} is outside NSE's session: choose a minute from 09:15 to 15:29`),
};
