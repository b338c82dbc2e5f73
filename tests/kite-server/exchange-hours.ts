// The test server's exchange hours, when a test asks for them (`hours: 'exchange'`): NSE/BSE F&O trade
// Monday to Friday 09:15–15:30 IST (no holiday list: tests pick their days). Kite takes a regular order only
// while the exchange trades; its after-market orders (variety amo), and their changes, from 15:45 IST after
// the close until 09:10 IST before the open, at any hour of a weekend (Zerodha support, "What is an After
// Market Order (AMO)?": F&O 3:45 PM to 9:10 AM, sent to the exchange at 09:15). With `hours: 'always'` (the
// default, for tests that do not care what time it is) the exchange never closes and an AMO is taken as a
// regular order.
import { clockMinutes, istDate, istMinutes } from '../../server/services/market/ist.ts';
import { inputError } from './answer-error.ts';

export type HoursMode = 'exchange' | 'always';

/** Kite's own words for a regular order while the exchange is closed (Kite's order window and API). */
export const marketsClosedMessage = 'Markets are closed right now. Use GTT for placing long standing orders instead.';
// Kite's wording for these two is not published; these stand in for it.
export const amoInMarketHoursMessage = 'After market orders (AMO) can be placed only when the markets are closed. Place a regular order instead.';
export const amoWindowClosedMessage = 'After market orders for F&O are accepted, modified and cancelled between 15:45 and 09:10 IST only. Try again later.';

const open = clockMinutes('09:15');
const close = clockMinutes('15:30');
const amoFrom = clockMinutes('15:45');
const amoUntil = clockMinutes('09:10');

const weekend = (now: Date) => {
  const day = new Date(`${istDate(now)}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
};

export function createExchangeHours(clock: () => Date, initial: HoursMode) {
  let mode = initial;
  const trading = (now = clock()) => mode === 'always' || (!weekend(now) && istMinutes(now) >= open && istMinutes(now) < close);
  /** Whether Kite takes AMOs and their changes now. */
  const amoWindow = (now = clock()) => weekend(now) || istMinutes(now) >= amoFrom || istMinutes(now) < amoUntil;

  return {
    setMode: (next: HoursMode) => void (mode = next),
    trading,
    /** Whether an order of this variety is held as an AMO, or refused now as Kite would. */
    admitVariety(variety: string): 'regular' | 'held' {
      if (mode === 'always') return 'regular';
      if (variety === 'amo') {
        if (trading()) throw inputError(amoInMarketHoursMessage);
        if (!amoWindow()) throw inputError(amoWindowClosedMessage);
        return 'held';
      }
      if (!trading()) throw inputError(marketsClosedMessage);
      return 'regular';
    },
    /** A held AMO is changed only inside the AMO window. */
    checkHeldChange(): void {
      if (mode === 'exchange' && !amoWindow()) throw inputError(amoWindowClosedMessage);
    },
  };
}

export type ExchangeHours = ReturnType<typeof createExchangeHours>;
