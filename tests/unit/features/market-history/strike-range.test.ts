import { describe, expect, it } from 'vitest';
import { strikesBetween } from '@/features/market-history/model/strike-range';

describe('the strikes an option fetch asks for', () => {
  it('runs from the lowest to the highest strike, both included, every step', () => {
    expect(strikesBetween('25900', '26100', '50')).toEqual({ strikes: [25900, 25950, 26000, 26050, 26100] });
    expect(strikesBetween('26000', '26000', '50')).toEqual({ strikes: [26000] });
  });

  it('says what is wrong instead of asking the server for what it refuses', () => {
    expect(strikesBetween('', '26100', '50')).toEqual({ problem: 'incomplete' });
    expect(strikesBetween('25900', '26100', '0')).toEqual({ problem: 'incomplete' });
    expect(strikesBetween('26100', '25900', '50')).toEqual({ problem: 'order' });
    // 41 strikes: one more than the server takes in a fetch.
    expect(strikesBetween('25000', '27000', '50')).toEqual({ problem: 'too_many' });
    expect(strikesBetween('25000', '26950', '50')).toMatchObject({ strikes: { length: 40 } });
  });
});
