// Why a strategy premium chart's request was refused (GET /api/market-history/premium/), said in English and
// as a coded text the app words in the trader's language (src/i18n/server-texts.ts).
import { said, type Said } from './said.ts';

export const premiumTexts = {
  legShape: (position: number, value: string): Said =>
    said(
      'premium.leg_shape',
      { position, value },
      `legs: leg ${position} "${value}" is not INDEX:EXPIRY:STRIKE:CE|PE:B|S:LOTS (NIFTY:2024-07-11:24300:CE:S:1)`,
    ),
  tooManyLegs: (limit: number): Said => said('premium.too_many_legs', { limit }, `legs: at most ${limit} legs a strategy`),
  oneIndex: said('premium.one_index', {}, 'legs: every leg must be on the same index'),
  legTwice: (position: number): Said => said('premium.leg_twice', { position }, `legs: leg ${position} repeats an earlier leg's contract`),
  expiredBefore: (position: number, expiry: string, from: string): Said =>
    said('premium.expired_before', { position, expiry, from }, `legs: leg ${position} expired on ${expiry}, before the range's first day ${from}`),
  /** `recordingOthers`: today is in the range and StrikeDesk recorded other contracts of the index today, so this
   *  leg is not one it records (it records each index's nearest and monthly expiries' listed strikes). */
  noPrices: (position: number, contract: string, from: string, to: string, recordingOthers: boolean): Said =>
    said(
      'premium.no_prices',
      { position, contract, from, to, recording_others: recordingOthers ? 'yes' : 'no' },
      `legs: no recorded or imported price of ${contract} (leg ${position}) from ${from} to ${to}`,
    ),
  rangeTooLong: (limit: number, days: number): Said =>
    said('premium.range_too_long', { limit, days }, `to: at most ${limit} days a request (asked ${days})`),
  tooManyCandles: (limit: number): Said =>
    said('premium.too_many_candles', { limit }, `interval: more than ${limit} candles in this range: choose a longer interval or a shorter range`),
};
