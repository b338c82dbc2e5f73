// The refusals of fetching minute candles from an Upstox account (index minutes, expired option contracts'
// minutes), said twice like every trader's text (said.ts). Upstox's own words travel as they are.
import { said, type Said } from './said.ts';

export const upstoxHistoryTexts = {
  notUpstoxAccount: (name: string, broker: string): Said =>
    said('upstox.history_not_upstox_account', { name, broker }, `broker_account_id: ${name} is a ${broker} account: only a logged-in Upstox account fetches these candles`),
  plusRequired: (upstox: string): Said =>
    said(
      'upstox.history_plus_required',
      { upstox },
      `Upstox refused expired contracts' candles (${upstox}): they come with an Upstox Plus plan. Subscribe to it, or import minute candles from CSV instead.`,
    ),
  refused: (upstox: string): Said => said('upstox.history_refused', { upstox }, `Upstox refused the candles: ${upstox}`),
  toNotPast: said('upstox.history_to_not_past', {}, 'to: must be before today: Upstox gives the candles of finished days only'),
  rangeTooLong: (limit: number, days: number): Said =>
    said('upstox.history_range_too_long', { limit, days }, `to: at most ${limit} days a fetch (asked ${days}): fetch a longer history a month at a time`),
  noIndexMinutes: (index: string, from: string, to: string): Said =>
    said('upstox.history_no_index_minutes', { index, from, to }, `Upstox has no minute candles of ${index} from ${from} to ${to}, so no strike is known to be around the money (weekends and holidays have none).`),
  expiryNotListed: (expiry: string): Said =>
    said('upstox.history_expiry_not_listed', { expiry }, `expiries: Upstox lists no expired contracts on ${expiry} (it keeps about six months of expiries)`),
};
