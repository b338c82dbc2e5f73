// The Kite adapter's pure rules: Kite's statuses mapped honestly (final only when Kite says so), slicing at
// the freeze quantity, Kite's option symbols read, and an account's positions split into the shares its
// portfolios and bots hold.
import { describe, expect, it } from 'vitest';
import { KiteError, KiteOutcomeUnknownError, type KiteErrorType } from '../../../server/services/brokers/kite/kite-errors.ts';
import { parseOptionSymbol } from '../../../server/services/brokers/kite-broker/contracts.ts';
import { domainErrorOf } from '../../../server/services/brokers/kite-broker/kite-failures.ts';
import { kiteCalls } from '../../../server/services/texts/kite-texts.ts';
import { splitIntoShares, type Leg } from '../../../server/services/brokers/live/exits.ts';
import { contractStatus } from '../../../server/services/brokers/live/order-mapping.ts';
import { slices } from '../../../server/services/brokers/order-slicing.ts';

describe("Kite's errors in the trader's words", () => {
  const kite = (status: number, type: KiteErrorType, message: string) => new KiteError(status, type, message);

  it.each([
    [kite(400, 'InputException', 'Invalid `quantity`.'), 'order', 'order_refused', 'Kite refused the order for NIFTY2612026000CE: Invalid `quantity`.'],
    [kite(400, 'OrderException', 'Order cannot be modified as it is COMPLETE.'), 'order', 'order_refused', 'Kite refused the order for NIFTY2612026000CE: Order cannot be modified as it is COMPLETE.'],
    [kite(400, 'MarginException', 'Insufficient funds.'), 'order', 'order_refused', 'Kite refused the order for NIFTY2612026000CE: Insufficient funds.'],
    [kite(403, 'PermissionException', 'Not allowed.'), 'read', 'broker_refused', 'Kite refused the order for NIFTY2612026000CE: Not allowed.'],
    [kite(500, 'GeneralException', 'Something went wrong.'), 'read', 'broker_unavailable', "Kite could not answer the order for NIFTY2612026000CE right now (Something went wrong.). Try again in a few seconds."],
    [kite(503, 'NetworkException', 'Upstream down.'), 'read', 'broker_unavailable', 'Kite could not answer the order for NIFTY2612026000CE right now (Upstream down.). Try again in a few seconds.'],
    [kite(200, 'DataException', 'Unexpected answer.'), 'read', 'broker_unavailable', 'Kite could not answer the order for NIFTY2612026000CE right now (Unexpected answer.). Try again in a few seconds.'],
    [kite(429, 'NetworkException', 'Too many requests'), 'order', 'order_rate_limited', "Kite's rate limit was reached (Too many requests): nothing was sent. Try again in a moment."],
  ] as const)('%s (%s) is %s', (error, kind, code, message) => {
    expect(domainErrorOf(error, kind, kiteCalls.orderFor('NIFTY2612026000CE'))).toMatchObject({ code, message });
  });

  it('says a write whose answer never came may have happened, and a read that failed so to try again', () => {
    const lost = new KiteOutcomeUnknownError('network', 'POST', '/orders/regular', 'No answer');
    expect(domainErrorOf(lost, 'order', kiteCalls.orderFor('NIFTY2612026000CE'))).toMatchObject({ code: 'broker_outcome_unknown', retryAfterSeconds: 30 });
    expect(domainErrorOf(lost, 'read', kiteCalls.orderBook)).toMatchObject({ code: 'broker_unavailable', retryAfterSeconds: 5 });
    expect(domainErrorOf(new Error('a bug'), 'order', kiteCalls.orderBook)).toBeNull();
  });

  it("carries Kite's refusal coded: who refused what, Kite's error_type, and Kite's words as they are", () => {
    const refused = domainErrorOf(kite(400, 'MarginException', 'Insufficient funds.'), 'order', kiteCalls.modification('260101000001'));
    expect(refused?.text?.i18n).toEqual({
      code: 'kite.refused',
      params: {
        what: { code: 'kite.call', params: { call: 'modification', order_id: '260101000001' } },
        error_type: 'MarginException',
        message: 'Insufficient funds.',
      },
    });
  });
});

describe("Kite's statuses in the contract's words", () => {
  it.each([
    ['COMPLETE', 'LIMIT', 0, 'COMPLETE'],
    ['CANCELLED', 'LIMIT', 0, 'CANCELLED'],
    ['REJECTED', 'MARKET', 0, 'REJECTED'],
    ['OPEN', 'LIMIT', 0, 'OPEN'],
    ['TRIGGER PENDING', 'SL', 0, 'TRIGGER PENDING'],
    ['PUT ORDER REQ RECEIVED', 'MARKET', 0, 'OPEN'],
    ['VALIDATION PENDING', 'LIMIT', 0, 'OPEN'],
    ['OPEN PENDING', 'SL', 0, 'TRIGGER PENDING'],
    ['MODIFY VALIDATION PENDING', 'SL-M', 0, 'TRIGGER PENDING'],
    ['MODIFY PENDING', 'LIMIT', 10, 'OPEN'],
    ['MODIFIED', 'LIMIT', 0, 'OPEN'],
    ['CANCEL PENDING', 'LIMIT', 0, 'OPEN'],
    ['CANCEL PENDING', 'SL', 0, 'TRIGGER PENDING'],
    ['AMO REQ RECEIVED', 'LIMIT', 0, 'OPEN'],
    ['SOMETHING NEW', 'LIMIT', 0, 'OPEN'],
  ])('%s (%s, %i filled) reads %s', (kite, orderType, filled, shown) => {
    expect(contractStatus(kite, orderType, filled)).toBe(shown);
  });
});

describe('slices at the freeze quantity, as autoslice cuts them', () => {
  const contract = (freezeQuantity: number, lotSize: number) => ({ freezeQuantity, lotSize, tradingsymbol: 'X' });
  it('cuts whole lots up to the freeze quantity, the rest last', () => {
    expect(slices(1950, contract(1800, 65))).toEqual([1755, 195]);
    expect(slices(1800, contract(1800, 75))).toEqual([1800]);
    expect(slices(3600, contract(1800, 75))).toEqual([1800, 1800]);
  });
});

describe("Kite's option symbols", () => {
  it('reads monthly and weekly contracts', () => {
    expect(parseOptionSymbol('NIFTY26DEC24000CE')).toEqual({ index: 'NIFTY', year: 2026, month: 11, day: null, strike: 24000, kind: 'CE' });
    expect(parseOptionSymbol('NIFTY26D0124000PE')).toEqual({ index: 'NIFTY', year: 2026, month: 11, day: 1, strike: 24000, kind: 'PE' });
    expect(parseOptionSymbol('BANKNIFTY2611759000CE')).toEqual({ index: 'BANKNIFTY', year: 2026, month: 0, day: 17, strike: 59000, kind: 'CE' });
    expect(parseOptionSymbol('RELIANCE26DEC3000CE')).toBeNull();
  });
});

describe('positions split into shares', () => {
  const share = (quantity: number, portfolioId: number | null, bot: Leg['bot'] = null): Leg => ({ exchange: 'NFO', tradingsymbol: 'X', product: 'NRML', quantity, portfolioId, bot });

  it("gives each portfolio and bot its share of Kite's quantity, the rest to the account", () => {
    const net = new Map([['NFO:X:NRML', { exchange: 'NFO', tradingsymbol: 'X', product: 'NRML' as const, quantity: -195 }]]);
    expect(splitIntoShares(net, [share(-65, 1, { kind: 'daily', id: 7 }), share(-65, 2)])).toEqual([
      share(-65, 1, { kind: 'daily', id: 7 }),
      share(-65, 2),
      share(-65, null),
    ]);
  });

  it('never gives a share more than Kite holds, nor one of the other side', () => {
    const net = new Map([['NFO:X:NRML', { exchange: 'NFO', tradingsymbol: 'X', product: 'NRML' as const, quantity: 65 }]]);
    expect(splitIntoShares(net, [share(-65, 1), share(130, 2)])).toEqual([share(65, 2)]);
  });
});
