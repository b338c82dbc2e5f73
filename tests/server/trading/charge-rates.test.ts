// Charge rates as effective-dated data with their source: NSE's transaction charge with the IPFT levy,
// 0.0355299 % of premium, is in force from 1 March 2026 (NSE/FA/73061), a month before the Budget's STT rise
// of 1 April 2026; BSE's is unchanged.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { chargeRatesOn, fillCharges } from '../../../server/services/brokers/paper/charges.ts';
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
});
