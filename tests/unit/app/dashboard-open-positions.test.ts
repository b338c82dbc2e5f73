// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { openPositionCount } from '@/app/dashboard/load-dashboard';
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
