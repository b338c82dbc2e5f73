// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dayPnl, openPositionCount } from '@/app/dashboard/load-dashboard';
import type { Position, PositionBook } from '@/features/positions/api/position-calls';

const position = (tradingsymbol: string, quantity: number) => ({ tradingsymbol, quantity }) as Position;
const book = (...net: Position[]): PositionBook => ({ net, day: [], margins: { available: 0, used: 0, equity: 0 }, status: 'OK', as_of: null }) as unknown as PositionBook;

describe('the dashboard’s open positions', () => {
  it('counts only the accounts that hold an open position (an account with only a closed one holds none)', () => {
    const open = book(position('A', 65), position('B', -65), position('C', 0));
    const onlyClosed = book(position('D', 0));
    expect(openPositionCount([open, onlyClosed])).toEqual({ positions: [position('A', 65), position('B', -65)], accounts: 1 });
  });

  it('counts every account that does hold one', () => {
    expect(openPositionCount([book(position('A', 65)), book(position('B', 30))]).accounts).toBe(2);
    expect(openPositionCount([book(), book(position('D', 0))])).toEqual({ positions: [], accounts: 0 });
  });
});

describe('the dashboard’s P&L today', () => {
  const held = (tradingsymbol: string, over: Partial<Position>) => ({ tradingsymbol, quantity: 65, overnight_quantity: 0, m2m: 100, charges: 0, priced: true, ...over }) as Position;

  it('counts the positions whose m2m is marked at their last trade’s price: open, or carried and closed today', () => {
    const pnl = dayPnl(
      book(
        held('A', {}),
        held('B', { priced: false }),
        held('C', { quantity: 0, overnight_quantity: 65, priced: false }),
        // Opened and closed today: its m2m is what its trades made, whatever the price.
        held('D', { quantity: 0, priced: false }),
      ),
    );
    expect(pnl).toEqual({ gross: 400, charges: 0, net: 400, notLive: 2 });
  });
});
