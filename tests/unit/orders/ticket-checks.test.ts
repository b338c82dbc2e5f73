// @vitest-environment node
// The order window's checks before its review step (features/orders/model/ticket-checks.ts): the broker's
// rules, told field by field, and the ± buttons that keep a price on the tick.
import { describe, expect, it } from 'vitest';
import { checkTicket, firstProblem, stepLots, stepPrice, typedPaise, type TicketInput } from '@/features/orders/model/ticket-checks';
import { contractName } from '@/lib/format/contract-name';

const ticket = (changes: Partial<TicketInput>): TicketInput => ({ side: 'BUY', type: 'LIMIT', lotsText: '1', priceText: '120.00', triggerText: '', lastPrice: 120, ...changes });

describe('the order window checks', () => {
  it('takes whole lots, at least one', () => {
    expect(checkTicket(ticket({ lotsText: '0' })).lots).toBe('lotsMin');
    expect(checkTicket(ticket({ lotsText: '-2' })).lots).toBe('lotsMin');
    expect(checkTicket(ticket({ lotsText: '1.5' })).lots).toBe('lotsWhole');
    expect(checkTicket(ticket({ lotsText: ' ' })).lots).toBe('lotsMissing');
    expect(checkTicket(ticket({ lotsText: '3' }))).toEqual({});
  });

  it('keeps a limit price on the 0.05 tick, in exact paise', () => {
    expect(checkTicket(ticket({ priceText: '120.03' })).price).toBe('priceTick');
    expect(checkTicket(ticket({ priceText: '120.051' })).price).toBe('priceTick');
    expect(checkTicket(ticket({ priceText: '0' })).price).toBe('priceMissing');
    expect(checkTicket(ticket({ priceText: 'abc' })).price).toBe('priceMissing');
    // 0.1 + 0.2 style floats: 0.15 and 1.15 are on the tick.
    expect(checkTicket(ticket({ priceText: '0.15' }))).toEqual({});
    expect(checkTicket(ticket({ priceText: '1.15' }))).toEqual({});
    expect(typedPaise('1.15')).toBe(115);
  });

  it('asks nothing of the price at market', () => {
    expect(checkTicket(ticket({ type: 'MARKET', priceText: '120.03' }))).toEqual({});
  });

  it('puts a stop-loss trigger on the side of the last price where it waits, and the limit beyond it', () => {
    // SL sell: trigger below the last price, limit at or below the trigger.
    expect(checkTicket(ticket({ type: 'SL', side: 'SELL', triggerText: '121.00', priceText: '120.00' })).trigger).toBe('triggerNotBelowLast');
    expect(checkTicket(ticket({ type: 'SL', side: 'SELL', triggerText: '120.00', priceText: '119.00' })).trigger).toBe('triggerNotBelowLast');
    expect(checkTicket(ticket({ type: 'SL', side: 'SELL', triggerText: '110.00', priceText: '109.50' }))).toEqual({});
    expect(checkTicket(ticket({ type: 'SL', side: 'SELL', triggerText: '110.00', priceText: '111.00' })).price).toBe('priceAboveTrigger');
    // SL buy: trigger above the last price, limit at or above the trigger.
    expect(checkTicket(ticket({ type: 'SL', side: 'BUY', triggerText: '119.00', priceText: '120.00' })).trigger).toBe('triggerNotAboveLast');
    expect(checkTicket(ticket({ type: 'SL', side: 'BUY', triggerText: '125.00', priceText: '125.50' }))).toEqual({});
    expect(checkTicket(ticket({ type: 'SL', side: 'BUY', triggerText: '125.00', priceText: '124.00' })).price).toBe('priceBelowTrigger');
    expect(checkTicket(ticket({ type: 'SL', triggerText: '125.02', priceText: '126.00' })).trigger).toBe('triggerTick');
    expect(checkTicket(ticket({ type: 'SL', triggerText: '' })).trigger).toBe('triggerMissing');
    // Without a last price the side is left to the broker.
    expect(checkTicket(ticket({ type: 'SL', side: 'SELL', triggerText: '121.00', priceText: '120.00', lastPrice: null }))).toEqual({});
  });

  it('names the first problem in screen order', () => {
    expect(firstProblem(checkTicket(ticket({ lotsText: '0', priceText: '1.01' })))).toBe('lotsMin');
    expect(firstProblem(checkTicket(ticket({})))).toBeNull();
  });
});

describe('the ± buttons', () => {
  it('step a price one tick, snapping an off-tick price onto it, never below one tick', () => {
    expect(stepPrice('120.00', 1, null)).toBe('120.05');
    expect(stepPrice('120.00', -1, null)).toBe('119.95');
    expect(stepPrice('120.03', 1, null)).toBe('120.05');
    expect(stepPrice('120.03', -1, null)).toBe('120.00');
    expect(stepPrice('0.05', -1, null)).toBe('0.05');
    expect(stepPrice('', 1, 88.4)).toBe('88.45');
  });

  it('step lots by one, never under one', () => {
    expect(stepLots('2', 1)).toBe('3');
    expect(stepLots('1', -1)).toBe('1');
    expect(stepLots('', 1)).toBe('1');
  });
});

describe('the contract in words', () => {
  const contract = { name: 'NIFTY', expiry: '2026-12-01', strike: 26000, instrument_type: 'CE' as const };
  it('reads as a trader says it, in English and in French', () => {
    expect(contractName(contract, 'en')).toBe('NIFTY 01 Dec 26000 CE');
    expect(contractName(contract, 'fr')).toBe('NIFTY 01 déc. 26000 CE');
  });
});
