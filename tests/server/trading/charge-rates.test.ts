// Charge rates as effective-dated data with their source: NSE's transaction charge with the IPFT levy,
// 0.0355299 % of premium, is in force from 1 March 2026 (NSE/FA/73061), a month before the Budget's STT rise
// of 1 April 2026; BSE's is unchanged. Futures (migration 120) have rows of their own: STT 0.0125 % → 0.02 % (1 Oct
// 2024) → 0.05 % (1 Apr 2026) of the contract's value, NSE's charge 0.00183 % → 0.00173 % → 0.00183 %, none on BSE,
// stamp duty 0.002 %, brokerage 0.03 % capped at ₹20.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { chargeRatesOn, fillCharges, totalCharges } from '../../../server/services/brokers/paper/charges.ts';
import { testBackends, migratedDatabasePerFile } from '../support/test-database.ts';

describe.each(testBackends)('charge rates on %s', (backend) => {
  let db: Database;

  migratedDatabasePerFile(backend, (opened) => {
    db = opened;
  });

  it.each([
    ['8 July 2024, before SEBI’s "true to label" charges and the October 2024 STT', '2024-07-08', '0.000495', '0.000625'],
    ['30 September 2024', '2024-09-30', '0.000495', '0.000625'],
    ['1 October 2024', '2024-10-01', '0.0003503', '0.001'],
    ['the last day of February 2026', '2026-02-28', '0.0003503', '0.001'],
    ['1 March 2026', '2026-03-01', '0.000355299', '0.001'],
    ['a day in March 2026', '2026-03-16', '0.000355299', '0.001'],
    ['1 April 2026, with the Budget’s STT', '2026-04-01', '0.000355299', '0.0015'],
  ])('charges NSE options on %s at the rates then in force', async (_label, day, exchange, sttSell) => {
    const rates = await chargeRatesOn(db, 'NFO', day);
    expect([rates.exchange, rates.sttSell]).toEqual([exchange, sttSell]);
  });

  it('bills ₹35.53 of exchange charges on ₹1,00,000 of premium sold on 16 March 2026, and names its source', async () => {
    const charges = fillCharges(await chargeRatesOn(db, 'NFO', '2026-03-16'), 'SELL', 1000, 10_000, true);
    expect(charges.exchange).toBe(3553);
    expect(charges.stt).toBe(10_000);
    const { rows } = await db.query<{ source: string }>(`SELECT source FROM charge_rates WHERE segment = 'NFO-OPT' AND effective_from = '2026-03-01'`);
    expect(rows[0]?.source).toMatch(/NSE\/FA\/73061/);
  });

  it.each(['NFO', 'BFO'] as const)('keeps %s exercise and assignment charges as data with their source: ₹20 a settlement order, no exchange charge, SEBI fee or stamp duty', async (exchange) => {
    for (const day of ['2024-10-01', '2026-03-16', '2026-11-23']) {
      const rates = await chargeRatesOn(db, exchange, day);
      expect([rates.exerciseBrokeragePerOrderPaise, rates.exerciseExchange, rates.exerciseSebi, rates.exerciseStamp]).toEqual([2000, '0', '0', '0']);
    }
    const { rows } = await db.query<{ source: string }>(`SELECT source FROM charge_rates WHERE segment = $1`, [`${exchange}-OPT`]);
    for (const { source } of rows) expect(source).toMatch(/on exercise and assignment at expiry.*no stamp duty on cash-settled index options/);
  });

  it('names the segment and the day when no rate is in force yet, rather than charging nothing', async () => {
    await expect(chargeRatesOn(db, 'NFO', '1999-12-31')).rejects.toThrow('charge_rates has no NFO-OPT row in force on 1999-12-31');
  });

  it('charges BSE options before October 2024 as NSE’s, at Zerodha’s 0.0495 % and the 0.0625 % STT, with the source', async () => {
    const rates = await chargeRatesOn(db, 'BFO', '2024-07-08');
    expect([rates.exchange, rates.sttSell, rates.sttExercise]).toEqual(['0.000495', '0.000625', '0.00125']);
    const { rows } = await db.query<{ source: string }>(`SELECT source FROM charge_rates WHERE segment = 'BFO-OPT' AND effective_from = '2023-04-01'`);
    expect(rows[0]?.source).toMatch(/Finance Act 2023.*Nithin Kamath/);
  });

    it('leaves BSE’s rate as it was', async () => {
    expect((await chargeRatesOn(db, 'BFO', '2026-03-16')).exchange).toBe('0.000325');
  });

  it.each([
    ['8 July 2024', '2024-07-08', 'NFO', '0.000125', '0.0000183'],
    ['1 October 2024', '2024-10-01', 'NFO', '0.0002', '0.0000173'],
    ['1 March 2026, with the IPFT', '2026-03-01', 'NFO', '0.0002', '0.0000183'],
    ['1 April 2026, with the Budget’s STT', '2026-04-01', 'NFO', '0.0005', '0.0000183'],
    ['8 July 2024 on BSE', '2024-07-08', 'BFO', '0.000125', '0'],
    ['a day of November 2026 on BSE', '2026-11-16', 'BFO', '0.0005', '0'],
  ] as const)('charges futures on %s at the rates then in force, on the sell side and the contract value', async (_label, day, exchange, sttSell, exchangeRate) => {
    const rates = await chargeRatesOn(db, exchange, day, 'FUT');
    expect([rates.sttSell, rates.exchange, rates.stampBuy, rates.sebi, rates.gst, rates.brokerageRate]).toEqual([sttSell, exchangeRate, '0.00002', '0.000001', '0.18', '0.0003']);
  });

  it('charges a NIFTY futures round trip of 16 November 2026 to the paisa: ₹1,006.39 on 65 bought at ₹26,000 and sold at ₹26,100', async () => {
    const rates = await chargeRatesOn(db, 'NFO', '2026-11-16', 'FUT');
    // Bought: ₹16,90,000 of value. Brokerage ₹20 (0.03 % would be ₹507), NSE 0.00183 % ₹30.93, SEBI ₹1.69, stamp 0.002 %
    // ₹33.80, GST 18 % of ₹52.62 ₹9.47, no STT.
    const bought = fillCharges(rates, 'BUY', 65, 2_600_000, true);
    expect(bought).toEqual({ brokerage: 2000, stt: 0, exchange: 3093, sebi: 169, gst: 947, stamp: 3380, callAndTrade: 0 });
    // Sold: ₹16,96,500. STT 0.05 % ₹848.25, NSE ₹31.05 (31.04595), SEBI ₹1.70, GST 18 % of ₹52.75 = ₹9.495, ₹9.50.
    const sold = fillCharges(rates, 'SELL', 65, 2_610_000, true);
    expect(sold).toEqual({ brokerage: 2000, stt: 84_825, exchange: 3105, sebi: 170, gst: 950, stamp: 0, callAndTrade: 0 });
    expect(totalCharges(bought) + totalCharges(sold)).toBe(100_639);
    // Before the Budget (16 March 2026) the same round trip paid 0.02 % STT: ₹339.30.
    expect(fillCharges(await chargeRatesOn(db, 'NFO', '2026-03-16', 'FUT'), 'SELL', 65, 2_610_000, true).stt).toBe(33_930);
  });

  it('caps a future’s brokerage at ₹20 and charges 0.03 % below it: ₹15 on ₹50,000 of value', async () => {
    const rates = await chargeRatesOn(db, 'NFO', '2026-11-16', 'FUT');
    expect(fillCharges(rates, 'BUY', 500, 10_000, true).brokerage).toBe(1500);
    expect(fillCharges(rates, 'BUY', 500, 10_000, false).brokerage).toBe(0);
    const { rows } = await db.query<{ source: string }>(`SELECT source FROM charge_rates WHERE segment = 'NFO-FUT' AND effective_from = '2026-04-01'`);
    expect(rows[0]?.source).toMatch(/Union Budget 2026.*0\.05 %.*0\.03 % or ₹20/);
  });
});
