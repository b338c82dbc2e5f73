// Stock options and futures as contracts (issue 63, slice 2; services/market/derivatives/): their months from the
// dated tables (stock_expiry_weekdays 114, expiry_weekdays 093, the exchange calendar of 005), their names in
// Kite's form read back to the same contract, and their lots per contract across NSE's review of October 2025.
// 2026 holidays used: Tue 31 Mar (Mahavir Jayanti), Thu 26 Mar (Ram Navami), Thu 28 May (Bakri Id), Tue 24 Nov
// (Guru Nanak Jayanti).
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { loadTradingCalendar } from '../../../server/services/market/calendar-data.ts';
import { contractMonthsOf, stockOptionExpiries, underlyingTerms } from '../../../server/services/market/derivatives/contract-months.ts';
import { derivativeContractOf, derivativeTradingsymbol } from '../../../server/services/market/derivatives/derivative-contracts.ts';
import { futureTradingsymbol, optionTradingsymbol, parseTradingsymbol } from '../../../server/services/market/tradingsymbol.ts';
import { migratedDatabasePerFile, testBackends } from '../support/test-database.ts';

describe.each(testBackends)('stock options and futures as contracts on %s', (backend) => {
  let db: Database;
  migratedDatabasePerFile(backend, (opened) => (db = opened));

  const months = async (symbol: string, day: string) => {
    const found = await contractMonthsOf(db, symbol, day);
    if (found === null) throw new Error(`${symbol} is no underlying`);
    return { options: found.options?.map((e) => e.date) ?? null, futures: found.futures.map((f) => `${f.series} ${f.expiry.date}`) };
  };

  it("expires a stock option on the month's last Tuesday, the trading day before where that is a holiday", async () => {
    // 31 Mar 2026 is a holiday: March's contracts expire on Monday the 30th.
    expect((await months('RELIANCE', '2026-03-02')).options).toEqual(['2026-03-30', '2026-04-28', '2026-05-26']);
    // On the holiday itself March has expired: April, May and June are listed.
    expect((await months('RELIANCE', '2026-03-31')).options).toEqual(['2026-04-28', '2026-05-26', '2026-06-30']);
    expect((await months('RELIANCE', '2026-11-02')).options?.slice(0, 2)).toEqual(['2026-11-23', '2026-12-29']);
    // Before SEBI's change the month's last Thursday; contracts expiring from 1 Sep 2025 on Tuesday.
    expect((await months('RELIANCE', '2025-07-01')).options).toEqual(['2025-07-31', '2025-08-28', '2025-09-30']);
    const expiry = (await contractMonthsOf(db, 'RELIANCE', '2026-03-02'))!.options![0]!;
    expect(expiry).toMatchObject({ date: '2026-03-30', kind: 'monthly' });
    expect(Date.parse(expiry.closes_at)).toBeGreaterThan(Date.parse('2026-03-30T09:00:00Z'));
    // An index's options are its own series (listExpiries), not these.
    const nifty = (await underlyingTerms(db)).get('NIFTY')!;
    expect(() => stockOptionExpiries(nifty, {} as never, '2026-03-02')).toThrow(/index/);
  });

  it('lists futures of the near, next and far months for indices and stocks, fewer for a stock on its way out', async () => {
    expect((await months('NIFTY', '2026-03-02')).futures).toEqual(['near 2026-03-30', 'next 2026-04-28', 'far 2026-05-26']);
    expect((await months('RELIANCE', '2026-03-02')).futures).toEqual(['near 2026-03-30', 'next 2026-04-28', 'far 2026-05-26']);
    // BSE's SENSEX on the last Thursday: 26 Mar and 28 May 2026 are holidays.
    expect((await months('SENSEX', '2026-03-02')).futures).toEqual(['near 2026-03-25', 'next 2026-04-30', 'far 2026-05-27']);
    expect((await months('NIFTY', '2026-03-02')).options).toBeNull();
    // HUDCO excluded from 29 Apr 2026 (notice of 23 Feb): March and April only; DALBHARAT after its August 2026 month.
    expect((await months('HUDCO', '2026-03-02')).futures).toEqual(['near 2026-03-30', 'next 2026-04-28']);
    expect((await months('DALBHARAT', '2026-08-03')).futures).toEqual(['near 2026-08-25']);
    expect((await months('HUDCO', '2026-05-04')).futures).toEqual([]);
    // HYUNDAI is listed from 1 Apr 2026 (NSE's circular of 9 Mar 2026).
    expect((await months('HYUNDAI', '2026-03-02')).futures).toEqual([]);
    expect((await months('HYUNDAI', '2026-04-01')).futures).toEqual(['near 2026-04-28', 'next 2026-05-26', 'far 2026-06-30']);
    // ATGL before its listing (29 Nov 2024): none.
    expect((await months('ATGL', '2024-11-01')).futures).toEqual([]);
    expect(await contractMonthsOf(db, 'NOSUCH', '2026-03-02')).toBeNull();
  });

  it("writes and reads stock options' and futures' tradingsymbols as Kite does, back to the same contract", async () => {
    const known = new Set((await underlyingTerms(db)).keys());
    const isKnown = (symbol: string) => known.has(symbol);
    expect(optionTradingsymbol('RELIANCE', { date: '2026-12-29', kind: 'monthly' }, 1300, 'CE')).toBe('RELIANCE26DEC1300CE');
    expect(futureTradingsymbol('RELIANCE', '2026-12-29')).toBe('RELIANCE26DECFUT');
    expect(optionTradingsymbol('IDEA', { date: '2026-12-29', kind: 'monthly' }, 7.5, 'PE', 'paise')).toBe('IDEA26DEC7.5PE');
    expect(() => optionTradingsymbol('IDEA', { date: '2026-12-29', kind: 'monthly' }, 7.125, 'PE', 'paise')).toThrow(RangeError);
    // An index's strike stays on whole rupees.
    expect(() => optionTradingsymbol('NIFTY', { date: '2026-12-29', kind: 'monthly' }, 24012.5, 'CE')).toThrow(RangeError);
    // Names with &, a hyphen, a leading digit or another underlying's prefix.
    expect(parseTradingsymbol('M&M26DEC3000PE', isKnown)).toEqual({ underlying: 'M&M', year: 2026, month: 12, day: null, kind: 'PE', strike: 3000 });
    expect(parseTradingsymbol('BAJAJ-AUTO26DECFUT', isKnown)).toMatchObject({ underlying: 'BAJAJ-AUTO', kind: 'FUT', strike: null });
    expect(parseTradingsymbol('360ONE26DEC1100CE', isKnown)).toMatchObject({ underlying: '360ONE', strike: 1100 });
    expect(parseTradingsymbol('NIFTYNXT5026DECFUT', isKnown)).toBeNull();
    expect(parseTradingsymbol('NIFTY26D0124000CE', isKnown)).toEqual({ underlying: 'NIFTY', year: 2026, month: 12, day: 1, kind: 'CE', strike: 24000 });
    expect(parseTradingsymbol('RELIANCE26DEC1300XE', isKnown)).toBeNull();

    const day = '2026-11-02';
    for (const [exchange, symbol, expiry] of [
      ['NFO', 'RELIANCE26NOV1300CE', '2026-11-23'],
      ['NFO', 'RELIANCE26DECFUT', '2026-12-29'],
      ['NFO', 'M&M26DEC3000PE', '2026-12-29'],
      ['NFO', 'IDEA26DEC7.5CE', '2026-12-29'],
      ['NFO', 'NIFTY26NOVFUT', '2026-11-23'],
      ['BFO', 'SENSEX26DECFUT', '2026-12-31'],
    ] as const) {
      const contract = await derivativeContractOf(db, exchange, symbol, day);
      expect(contract, symbol).toMatchObject({ exchange, tradingsymbol: symbol, expiry });
      expect(derivativeTradingsymbol(contract!)).toBe(symbol);
    }
    expect(await derivativeContractOf(db, 'NFO', 'RELIANCE26NOV1300CE', day)).toMatchObject({ underlying: 'RELIANCE', kind: 'CE', strike: 1300, lot: { size: 500 } });
    // A weekly NIFTY option keeps its dated form and date.
    const weekly = await derivativeContractOf(db, 'NFO', 'NIFTY26N1724000PE', day);
    expect(weekly).toMatchObject({ expiry: '2026-11-17', kind: 'PE', strike: 24000 });
    expect(derivativeTradingsymbol(weekly!, false, 'rupee')).toBe('NIFTY26N1724000PE');
    // Not listed: the wrong exchange, a stock's weekly form, a month after the stock's exclusion, an unknown name.
    expect(await derivativeContractOf(db, 'BFO', 'RELIANCE26DECFUT', day)).toBeNull();
    expect(await derivativeContractOf(db, 'NFO', 'RELIANCE26N171300CE', day)).toBeNull();
    expect(await derivativeContractOf(db, 'NFO', 'HUDCO26MAYFUT', '2026-03-02')).toBeNull();
    expect(await derivativeContractOf(db, 'NFO', 'HUDCO26APRFUT', '2026-03-02')).toMatchObject({ expiry: '2026-04-28' });
    expect(await derivativeContractOf(db, 'NFO', 'ZZZZ26DECFUT', day)).toBeNull();
    // Outside the near, next and far months: expired, or months away. A NIFTY option months away is listed (long-dated).
    expect(await derivativeContractOf(db, 'NFO', 'RELIANCE26OCTFUT', day)).toBeNull();
    expect(await derivativeContractOf(db, 'NFO', 'RELIANCE27MARFUT', day)).toBeNull();
    expect(await derivativeContractOf(db, 'NFO', 'RELIANCE27MAR1300CE', day)).toBeNull();
    expect(await derivativeContractOf(db, 'NFO', 'NIFTY27MAR24000CE', day)).toMatchObject({ kind: 'CE', strike: 24000 });
  });

  it("carries each stock contract's own lot across NSE's review of October 2025, futures and options alike", async () => {
    const lot = async (symbol: string, day: string) => (await derivativeContractOf(db, 'NFO', symbol, day))?.lot;
    // BDL 325 → 350 from the contracts after the 30 Dec 2025 expiry: on 3 Nov 2025 December keeps 325, January has 350.
    expect(await lot('BDL25DECFUT', '2025-11-03')).toMatchObject({ size: 325, effectiveFrom: '2025-10-28' });
    expect(await lot('BDL25DEC1600CE', '2025-11-03')).toMatchObject({ size: 325 });
    expect(await lot('BDL26JANFUT', '2025-11-03')).toMatchObject({ size: 350, effectiveFrom: '2025-10-29' });
    expect(await lot('BDL26JAN1600PE', '2025-11-03')).toMatchObject({ size: 350 });
    // Before the review is in force every month has the old lot (January 2026 not yet listed on 20 Oct 2025).
    expect(await lot('BDL25DECFUT', '2025-10-20')).toMatchObject({ size: 325 });
    expect(await lot('BDL26JANFUT', '2025-10-20')).toBeUndefined();
    // HDFCBANK 1100 → 550 for every contract from 29 Oct 2025, then 650 in NSE's file of 1 Aug 2026.
    expect(await lot('HDFCBANK25NOVFUT', '2025-10-28')).toMatchObject({ size: 1100 });
    expect(await lot('HDFCBANK25NOVFUT', '2025-11-03')).toMatchObject({ size: 550 });
    expect((await lot('HDFCBANK26AUGFUT', '2026-08-03'))?.size).toBe(650);
    // The indices' lots are unchanged: NIFTY's December 2025 future at 75, January 2026's at 65.
    expect(await lot('NIFTY25DECFUT', '2025-11-03')).toMatchObject({ size: 75 });
    expect(await lot('NIFTY26JANFUT', '2025-11-03')).toMatchObject({ size: 65 });
    // The holiday calendar is the exchange's own: BSE's SENSEX month reads BSE's.
    expect((await loadTradingCalendar(db, 'BSE')).holidays.has('2026-03-26')).toBe(true);
  });
});
