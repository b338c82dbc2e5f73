// The two figures traders read off an expiry's open interest, computed from one moment's OI of every strike:
// the put-call ratio (all puts' OI over all calls') and max pain (the expiry level at which the options'
// holders would be paid least, i.e. the option writers lose least). Pure, so the charts' server test and the
// routes compute them alike. OI is in units (shares of the index), as the exchange and the feeds give it.

/** One strike's OI at one moment: calls and puts (units). */
export type StrikeOi = { strikePaise: number; callOi: number; putOi: number };

/** Put OI / call OI, to four decimals; null when no call is open (a ratio of nothing). */
export function putCallRatio(strikes: readonly StrikeOi[]): number | null {
  let calls = 0;
  let puts = 0;
  for (const strike of strikes) {
    calls += strike.callOi;
    puts += strike.putOi;
  }
  return ratioOf(puts, calls);
}

/** Put OI over call OI, to four decimals; null without calls (also for sums kept elsewhere, oi-intraday.ts). */
export const ratioOf = (puts: number, calls: number): number | null => (calls === 0 ? null : Math.round((puts / calls) * 10_000) / 10_000);

/**
 * The strike (paise) where, were the index to expire there, the options' holders would be paid least: for each
 * listed strike K the payout Σ callOi(k)·max(0, K − k) + putOi(k)·max(0, k − K), and the K of the smallest
 * (the lower strike on a tie). Null when nothing is open.
 */
export function maxPain(strikes: readonly StrikeOi[]): number | null {
  let best: number | null = null;
  let bestPayout = Infinity;
  let open = 0;
  for (const expiry of strikes) {
    let payout = 0;
    for (const strike of strikes) {
      if (expiry.strikePaise > strike.strikePaise) payout += strike.callOi * (expiry.strikePaise - strike.strikePaise);
      else if (strike.strikePaise > expiry.strikePaise) payout += strike.putOi * (strike.strikePaise - expiry.strikePaise);
    }
    if (payout < bestPayout || (payout === bestPayout && best !== null && expiry.strikePaise < best)) {
      best = expiry.strikePaise;
      bestPayout = payout;
    }
    open += expiry.callOi + expiry.putOi;
  }
  return open === 0 ? null : best;
}
