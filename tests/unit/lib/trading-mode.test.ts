// @vitest-environment node
// Paper or live, said in one place, and the day's live-order confirmation kept per user, account and IST day.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearStoredValues, storeValue } from '@/lib/persist/idb-storage';
import { istDay, liveOrdersConfirmed, rememberLiveOrdersConfirmed } from '@/lib/trading/live-order-confirmations';
import { PAPER_BROKER, tradingModeOf } from '@/lib/trading/trading-mode';

describe('tradingModeOf', () => {
  it('is paper only for the paper broker; Kite and any broker the app does not know yet are live', () => {
    expect(PAPER_BROKER).toBe('paper');
    expect(tradingModeOf({ broker: 'paper' })).toBe('paper');
    expect(tradingModeOf({ broker: 'kite' })).toBe('live');
    expect(tradingModeOf({ broker: 'upstox' })).toBe('live');
    expect(tradingModeOf({ broker: 'Paper' })).toBe('live');
  });
});

describe('the IST trading day', () => {
  it('turns at 18:30 UTC, midnight in India', () => {
    expect(istDay(Date.parse('2026-11-24T00:00:00Z'))).toBe('2026-11-24');
    expect(istDay(Date.parse('2026-11-24T18:29:59Z'))).toBe('2026-11-24');
    expect(istDay(Date.parse('2026-11-24T18:30:00Z'))).toBe('2026-11-25');
    expect(istDay(Date.parse('2026-11-23T19:00:00Z'))).toBe('2026-11-24');
  });
});

describe('live order confirmations', () => {
  const morning = Date.parse('2026-11-24T04:00:00Z');
  const lateEvening = Date.parse('2026-11-24T18:00:00Z');
  const nextMorning = Date.parse('2026-11-25T04:00:00Z');
  beforeEach(() => clearStoredValues());

  it('hold for that user and account for the rest of the IST day only', async () => {
    expect(await liveOrdersConfirmed(5, 12, morning)).toBe(false);
    await rememberLiveOrdersConfirmed(5, 12, morning);
    expect(await liveOrdersConfirmed(5, 12, lateEvening)).toBe(true);
    expect(await liveOrdersConfirmed(5, 12, nextMorning)).toBe(false);
    expect(await liveOrdersConfirmed(5, 13, morning)).toBe(false);
    expect(await liveOrdersConfirmed(6, 12, morning)).toBe(false);
  });

  it('treat an unreadable stored value as not confirmed', async () => {
    await storeValue('live-orders-confirmed:5:12', { version: 0, day: '2026-11-24' });
    expect(await liveOrdersConfirmed(5, 12, morning)).toBe(false);
    await storeValue('live-orders-confirmed:5:12', '2026-11-24');
    expect(await liveOrdersConfirmed(5, 12, morning)).toBe(false);
  });
});
