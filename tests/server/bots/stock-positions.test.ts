// What an exit alert's adjustment taken over after a crash closes (stock-positions.ts legsOfNamedStocks): the held
// legs of the stocks its leg column names, never another stock's, and for a list cut to the column's 64 characters
// the held stocks its last, cut name begins.
import { describe, expect, it } from 'vitest';
import { legsOfNamedStocks } from '../../../server/services/bots/webhooks/stock-positions.ts';
import type { HeldLeg } from '../../../server/services/bots/engine/engine-types.ts';

const held = (tradingsymbol: string): HeldLeg => ({ exchange: 'NFO', tradingsymbol, product: 'NRML', quantity: 100 });
const stocks = new Set(['RELIANCE', 'TCS', 'INFY', 'BANKBARODA', 'BANKINDIA', 'HDFCBANK']);
const holding = [held('RELIANCE26DEC1180CE'), held('TCS26DEC2160CE'), held('TCS26DEC2180CE'), held('INFY26DEC1020CE'), held('BANKBARODA26DEC250CE'), held('BANKINDIA26DEC110CE')];
const closed = (column: string) => legsOfNamedStocks(holding, stocks, column).map((leg) => leg.tradingsymbol);

describe("an exit alert's stocks read back from its leg column", () => {
  it('closes every leg of each named stock and nothing of the others', () => {
    expect(closed('TCS')).toEqual(['TCS26DEC2160CE', 'TCS26DEC2180CE']);
    expect(closed('INFY,RELIANCE')).toEqual(['RELIANCE26DEC1180CE', 'INFY26DEC1020CE']);
    // A name is a whole stock, never a prefix of one; a stock no longer held closes nothing.
    expect(closed('BANK')).toEqual([]);
    expect(closed('HDFCBANK')).toEqual([]);
  });

  it("reads a cut list's last name as the beginning of the held stocks not named whole", () => {
    expect(closed('TCS,INFY,BANKBAR…')).toEqual(['TCS26DEC2160CE', 'TCS26DEC2180CE', 'INFY26DEC1020CE', 'BANKBARODA26DEC250CE']);
    // Two held stocks begin so: both close (an exit asked for one of them).
    expect(closed('TCS,BANK…')).toEqual(['TCS26DEC2160CE', 'TCS26DEC2180CE', 'BANKBARODA26DEC250CE', 'BANKINDIA26DEC110CE']);
  });
});
