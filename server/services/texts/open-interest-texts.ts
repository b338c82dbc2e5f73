// Why a read of the open-interest charts (issue 40) was refused, in English and as a coded text (said.ts).
import { said, type Said } from './said.ts';

export const openInterestTexts = {
  strikes: (value: string): Said =>
    said('open_interest.strikes', { value }, `strikes: "${value}" is not a strike in rupees; write strikes separated by commas, like 24000,24100`),
  tooManyStrikes: (limit: number, asked: number): Said =>
    said('open_interest.too_many_strikes', { limit, asked }, `strikes: at most ${limit} strikes on one chart (asked ${asked})`),
  unlistedStrike: (strike: number, expiry: string): Said =>
    said('open_interest.unlisted_strike', { strike, expiry }, `strikes: ${strike} is not a strike of the ${expiry} expiry in the stored days`),
  noDay: (index: string, day: string): Said =>
    said('open_interest.no_day', { index, day }, `No open interest of ${index} is stored for ${day}: choose one of the days listed`),
  rangeTooLong: (limit: number, days: number): Said =>
    said('open_interest.range_too_long', { limit, days }, `to: at most ${limit} days a request (asked ${days})`),
};
