// The premium chart opened on an underlying picked in its search box (issue 63): that underlying's at-the-money
// straddle on the latest day market history holds its option prices, read from the IV day the volatility screen
// reads (its ATM strike at the bhavcopy's settlement, else at its last minute). A stock's minutes are recorded only
// while traders watch it (its chain open, a position, a bot): a day with them is charted in minutes as an index's;
// a day with its daily bhavcopy only, as day candles over the month up to that day.
import { getIvDay, type IvDay } from '@/features/analytics/volatility/iv-reads';
import { lastDayPoint } from '@/features/analytics/volatility/iv-series';
import { straddleLegs, premiumLegsText } from '@/lib/charts/premium-link';

/** What the search box picked: the underlying's symbol and whether it is an index or a stock. */
export type PickedUnderlying = { symbol: string; kind: 'index' | 'stock' };

/** The most days one premium answer spans is 31 (server: maxPremiumDays): the day and the 30 before it. */
const stockRangeDays = 30;

const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The chart's address query for the picked underlying's straddle on `day`'s answer, or null when history holds none. */
export function straddleQuery(picked: PickedUnderlying, day: IvDay): URLSearchParams | null {
  const strike = day.settlement?.strike ?? lastDayPoint(day)?.strike;
  if (day.day === null || day.expiry === null || strike === undefined) return null;
  const query = new URLSearchParams({ legs: premiumLegsText(straddleLegs(picked.symbol, day.expiry, strike)) });
  if (picked.kind === 'stock' && day.minutes.length === 0) {
    query.set('interval', '1d');
    query.set('from', daysBefore(day.day, stockRangeDays));
    query.set('to', day.day);
  }
  return query;
}

export async function underlyingStraddle(picked: PickedUnderlying): Promise<URLSearchParams | null> {
  return straddleQuery(picked, await getIvDay(picked.symbol, null, null));
}
