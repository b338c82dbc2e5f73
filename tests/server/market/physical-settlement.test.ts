// Physical settlement of stock F&O (issue 63; services/market/derivatives/physical-settlement.ts): what a position
// delivers or receives at expiry, and the margin the broker's dated schedule (migration 122) asks in the last four
// trading days. 2026 holidays used: Tue 24 Nov (Guru Nanak Jayanti: November's stock contracts expire on Monday
// the 23rd) and Fri 25 Dec (Christmas: December's expire on Tuesday the 29th, and E-2 is Thursday the 24th).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { loadTradingCalendar } from '../../../server/services/market/calendar-data.ts';
import {
  deliveryObligation,
  deliveryOutlook,
  loadDeliveryMargins,
  tradingDaysToExpiry,
  type DeliveryInputs,
} from '../../../server/services/market/derivatives/physical-settlement.ts';
import type { TradingCalendar } from '../../../server/services/market/trading-calendar.ts';
import { migratedDatabasePerFile, testBackends } from '../support/test-database.ts';

const rupees = (paise: number) => paise * 100;

describe('what a stock F&O position delivers or receives at expiry', () => {
  // RELIANCE at ₹1,300; a lot of 500 shares.
  const at = rupees(1300);
  it('receives for a long future and delivers for a short one, at the settlement price', () => {
    expect(deliveryObligation({ kind: 'FUT', strike: null, quantity: 500 }, at)).toEqual({ direction: 'receive', shares: 500, pricePaise: at, valuePaise: 500 * at });
    expect(deliveryObligation({ kind: 'FUT', strike: null, quantity: -1000 }, at)).toEqual({ direction: 'deliver', shares: 1000, pricePaise: at, valuePaise: 1000 * at });
  });

  it('settles an option in the money at its strike: a bought call and a written put receive, a written call and a bought put deliver', () => {
    expect(deliveryObligation({ kind: 'CE', strike: 1280, quantity: 500 }, at)).toMatchObject({ direction: 'receive', shares: 500, pricePaise: rupees(1280), valuePaise: 500 * rupees(1280) });
    expect(deliveryObligation({ kind: 'CE', strike: 1280, quantity: -500 }, at)).toMatchObject({ direction: 'deliver', shares: 500 });
    expect(deliveryObligation({ kind: 'PE', strike: 1320, quantity: 500 }, at)).toMatchObject({ direction: 'deliver', shares: 500, pricePaise: rupees(1320) });
    expect(deliveryObligation({ kind: 'PE', strike: 1320, quantity: -500 }, at)).toMatchObject({ direction: 'receive', shares: 500 });
  });

  it('owes nothing out of or at the money, or without a position', () => {
    expect(deliveryObligation({ kind: 'CE', strike: 1300, quantity: 500 }, at)).toBeNull();
    expect(deliveryObligation({ kind: 'CE', strike: 1320, quantity: -500 }, at)).toBeNull();
    expect(deliveryObligation({ kind: 'PE', strike: 1280, quantity: 500 }, at)).toBeNull();
    expect(deliveryObligation({ kind: 'FUT', strike: null, quantity: 0 }, at)).toBeNull();
    // A fractional strike (IDEA's ₹7.50) in paise exactly.
    expect(deliveryObligation({ kind: 'CE', strike: 7.5, quantity: 71_000 }, 800)).toMatchObject({ pricePaise: 750, valuePaise: 71_000 * 750 });
  });
});

describe.each(testBackends)('the delivery margin of the last days on %s', (backend) => {
  let db: Database;
  let calendar: TradingCalendar;
  migratedDatabasePerFile(backend, (opened) => (db = opened));
  beforeAll(async () => {
    calendar = await loadTradingCalendar(db, 'NSE');
  });
  const inputs = async (day: string, expiry: string, more: Partial<DeliveryInputs> = {}): Promise<DeliveryInputs> => ({
    calendar,
    schedule: await loadDeliveryMargins(db),
    day,
    expiry,
    underlyingPaise: rupees(1300),
    varElmAdhocPercent: 16,
    nrmlMarginPaise: rupees(120_000),
    ...more,
  });

  it('counts trading days to expiry, holidays skipped', () => {
    expect(tradingDaysToExpiry(calendar, '2026-12-29', '2026-12-29')).toBe(0);
    expect(tradingDaysToExpiry(calendar, '2026-12-28', '2026-12-29')).toBe(1);
    // Christmas (Friday) and the weekend are no trading days: Thursday the 24th is E-2, Tuesday the 22nd E-4.
    expect(tradingDaysToExpiry(calendar, '2026-12-24', '2026-12-29')).toBe(2);
    expect(tradingDaysToExpiry(calendar, '2026-12-22', '2026-12-29')).toBe(4);
    expect(tradingDaysToExpiry(calendar, '2026-12-21', '2026-12-29')).toBe(5);
    expect(tradingDaysToExpiry(calendar, '2026-12-30', '2026-12-29')).toBeNull();
  });

  it("asks a long ITM option for Zerodha's schedule of Tuesday expiries: 10, 25, 45% of VaR + ELM + ad hoc, then 25 and 50% of the contract value", async () => {
    const call = { kind: 'CE' as const, strike: 1280, quantity: 500 };
    const contractValue = 500 * rupees(1300);
    const margin = async (day: string) => deliveryOutlook(call, await inputs(day, '2026-12-29'));
    // Five trading days out: nothing shown yet.
    expect(await margin('2026-12-21')).toBeNull();
    const e4 = await margin('2026-12-22');
    expect(e4).toMatchObject({ daysToExpiry: 4, obligation: { direction: 'receive', shares: 500, valuePaise: 500 * rupees(1280) } });
    // 10% of a 16% margin on ₹6.5 lakh: ₹10,400.
    expect(e4?.margin?.paise).toBe(rupees(10_400));
    expect(e4?.margin?.rule.source).toMatch(/Zerodha/);
    expect((await margin('2026-12-23'))?.margin?.paise).toBe(Math.round((contractValue * 16 * 25) / 10_000));
    expect((await margin('2026-12-24'))?.margin?.paise).toBe(Math.round((contractValue * 16 * 45) / 10_000));
    expect((await margin('2026-12-28'))?.margin?.paise).toBe(contractValue / 4);
    expect((await margin('2026-12-29'))?.margin?.paise).toBe(contractValue / 2);
    // Without the exchange's VaR rate the early days' figure is not known: null, never a guess; the rule still shows.
    const unknown = deliveryOutlook(call, await inputs('2026-12-22', '2026-12-29', { varElmAdhocPercent: null }));
    expect(unknown?.margin).toMatchObject({ paise: null, rule: { percent: 10, basis: 'var_elm_adhoc' } });
  });

  it('asks nothing of a long option out of the money, but shows its days', async () => {
    const put = { kind: 'PE' as const, strike: 1200, quantity: 500 };
    expect(deliveryOutlook(put, await inputs('2026-12-28', '2026-12-29'))).toEqual({ daysToExpiry: 1, obligation: null, margin: null });
  });

  it('raises a future or a written option on the expiry day only: 50% of the contract value, at most 1.5 times NRML, never below it', async () => {
    const future = { kind: 'FUT' as const, strike: null, quantity: -500 };
    const contractValue = 500 * rupees(1300);
    const dayBefore = deliveryOutlook(future, await inputs('2026-11-20', '2026-11-23'));
    expect(dayBefore).toMatchObject({ daysToExpiry: 1, obligation: { direction: 'deliver', shares: 500 }, margin: null });
    // NRML ₹1.2 lakh: 1.5 × = ₹1.8 lakh, under half the contract value (₹3.25 lakh).
    expect(deliveryOutlook(future, await inputs('2026-11-23', '2026-11-23'))?.margin?.paise).toBe(rupees(180_000));
    // A small NRML: half the contract value is the lower.
    expect(deliveryOutlook(future, await inputs('2026-11-23', '2026-11-23', { nrmlMarginPaise: rupees(300_000) }))?.margin?.paise).toBe(contractValue / 2);
    // Never below the NRML margin already asked.
    expect(deliveryOutlook(future, await inputs('2026-11-23', '2026-11-23', { nrmlMarginPaise: rupees(400_000) }))?.margin?.paise).toBe(rupees(400_000));
    expect(deliveryOutlook(future, await inputs('2026-11-23', '2026-11-23', { nrmlMarginPaise: null }))?.margin?.paise).toBeNull();
    const written = { kind: 'CE' as const, strike: 1280, quantity: -500 };
    expect(deliveryOutlook(written, await inputs('2026-11-23', '2026-11-23'))?.margin?.rule.position).toBe('future_or_short_option');
  });

  it('dates the schedule by the expiry: a Thursday expiry of 2024 keeps the 2021 schedule, its last step (70%) to the end', async () => {
    const call = { kind: 'CE' as const, strike: 1280, quantity: 500 };
    const contractValue = 500 * rupees(1300);
    // 28 Nov 2024 (a Thursday): E-1 is Wednesday the 27th.
    expect(deliveryOutlook(call, await inputs('2024-11-27', '2024-11-28'))?.margin?.paise).toBe(Math.round((contractValue * 16 * 70) / 10_000));
    expect(deliveryOutlook(call, await inputs('2024-11-28', '2024-11-28'))?.margin?.rule.daysBefore).toBe(1);
    // Before any schedule here: the days and the obligation, no margin.
    expect(deliveryOutlook(call, await inputs('2020-11-25', '2020-11-26'))).toMatchObject({ daysToExpiry: 1, margin: null, obligation: { direction: 'receive' } });
  });
});
