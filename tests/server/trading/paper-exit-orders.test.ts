// What a paper square-off sends and which ticks reach a subscriber (issue 26, from the mutation run), without a
// server: shorts are bought back before longs are sold (never a naked short in between), each leg as MARKET
// orders sliced at the freeze quantity in whole lots, keeping its product, portfolio and bot; a stream
// subscriber hears of a contract only when its own index moved.
import { describe, expect, it } from 'vitest';
import type { OpenLeg } from '../../../server/services/brokers/paper/books.ts';
import type { Contract } from '../../../server/services/brokers/paper/contracts.ts';
import { exitOrders } from '../../../server/services/brokers/paper/order-plans.ts';
import { movedInstruments } from '../../../server/services/brokers/paper/paper-stream.ts';
import { nseRules } from '../support/price-rules.ts';

const contract = (tradingsymbol: string, instrumentToken: number): Contract => ({
  instrumentToken,
  exchange: 'NFO',
  tradingsymbol,
  index: 'NIFTY',
  expiry: '2026-11-24',
  strike: 26000,
  kind: 'CE',
  lotSize: 75,
  freezeQuantity: 1800,
  expiresAtMs: Date.parse('2026-11-24T15:40:00+05:30'),
  priceRules: nseRules,
});

const call = contract('NIFTY26N2426000CE', 1);
const put = contract('NIFTY26N2426000PE', 2);

describe("a paper square-off's exit orders", () => {
  it('buy back the shorts before selling the longs, each a MARKET order at no price with its leg’s product, portfolio and bot', () => {
    const legs: OpenLeg[] = [
      { contract: call, portfolioId: 7, product: 'NRML', quantity: 150, bot: { kind: 'daily', id: 3 } },
      { contract: put, portfolioId: null, product: 'MIS', quantity: -75 },
    ];
    expect(exitOrders(legs, 'auto_squareoff')).toEqual([
      {
        contract: put,
        exchange: 'NFO',
        tradingsymbol: put.tradingsymbol,
        side: 'BUY',
        orderType: 'MARKET',
        product: 'MIS',
        quantity: 75,
        pricePaise: 0,
        triggerPaise: 0,
        portfolioId: null,
        purpose: 'auto_squareoff',
        bot: null,
      },
      {
        contract: call,
        exchange: 'NFO',
        tradingsymbol: call.tradingsymbol,
        side: 'SELL',
        orderType: 'MARKET',
        product: 'NRML',
        quantity: 150,
        pricePaise: 0,
        triggerPaise: 0,
        portfolioId: 7,
        purpose: 'auto_squareoff',
        bot: { kind: 'daily', id: 3 },
      },
    ]);
  });

  it('slice a leg above the freeze quantity into whole-lot orders (4,000 short at a freeze of 1,800: 1,800 + 1,800 + 400 bought back)', () => {
    const orders = exitOrders([{ contract: call, portfolioId: null, product: 'NRML', quantity: -4000 + 25 }], 'squareoff');
    // 3,975 is 53 lots of 75; the freeze of 1,800 is 24 lots.
    expect(orders.map((order) => [order.side, order.quantity, order.purpose])).toEqual([
      ['BUY', 1800, 'squareoff'],
      ['BUY', 1800, 'squareoff'],
      ['BUY', 375, 'squareoff'],
    ]);
  });

  it('send nothing for a flat leg', () => {
    expect(exitOrders([{ contract: call, portfolioId: null, product: 'MIS', quantity: 0 }], 'squareoff')).toEqual([]);
  });
});

describe("the paper stream's moved instruments", () => {
  it('are the followed contracts whose index ticked, in the order followed; an unknown or index-less contract never', () => {
    const indexOf = new Map<string, 'NIFTY' | 'SENSEX' | null>([
      ['NFO:A', 'NIFTY'],
      ['BFO:B', 'SENSEX'],
      ['NFO:C', 'NIFTY'],
      ['NSE:NIFTY 50', null],
    ]);
    expect(movedInstruments(['NFO:C', 'BFO:B', 'NFO:A', 'NSE:NIFTY 50', 'NFO:unknown'], indexOf, new Set(['NIFTY']))).toEqual(['NFO:C', 'NFO:A']);
    expect(movedInstruments(['NFO:A', 'BFO:B'], indexOf, new Set(['SENSEX']))).toEqual(['BFO:B']);
    expect(movedInstruments(['NFO:A', 'NSE:NIFTY 50'], indexOf, new Set())).toEqual([]);
  });
});
