// Why an implied volatility chart's read was refused (GET /api/market-history/iv/…), in English and as a coded text.
import { said, type Said } from './said.ts';

export const ivTexts = {
  expiryBeforeDay: (expiry: string, day: string): Said =>
    said('history.iv_expiry_before_day', { expiry, day }, `expiry: ${expiry} had expired before ${day}: choose an expiry on or after the day`),
  /** `first` and `last`: the day's session's first and last minutes (HH:MM IST). */
  minuteOutsideSession: (time: string, session: { first: string; last: string }): Said =>
    said('history.iv_minute_outside_session', { time, ...session }, `at: ${time} is outside NSE's session: choose a minute from ${session.first} to ${session.last}`),
  /** An index listed for trading whose options market history does not keep (SENSEX: BSE's bhavcopy is not imported). */
  noOptionsHistory: (index: string): Said =>
    said('history.no_options_history', { index }, `index: market history keeps no options of ${index}: choose NIFTY, BANKNIFTY, FINNIFTY, MIDCPNIFTY or an F&O stock`),
};
