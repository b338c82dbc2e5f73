// The paper broker's reference data (contracts.ts; issue 26, from the mutation run): a contract, the day's
// freeze quantity, charge rates and margin parameters are each read once and kept, and kept apart per index,
// exchange and IST day, so NIFTY's freeze never slices a BANKNIFTY order and a new day's rates are taken. The
// database's queries are counted through a wrapper: "read once" is the rule being held, not a detail.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../server/db/database.ts';
import type { OrderIntent } from '../../../server/services/brokers/broker-trading.ts';
import { createContracts, expired, type Contract } from '../../../server/services/brokers/paper/contracts.ts';
import { nseBand } from '../support/price-rules.ts';
import { DomainError } from '../../../server/services/domain-error.ts';
import { testBackends, migratedDatabasePerFile } from '../support/test-database.ts';

const ist = (day: string, time: string) => new Date(`${day}T${time}+05:30`);
const ms = (instant: Date, offset: number) => new Date(instant.getTime() + offset);

/** The database, with the tables each statement read counted. */
function counting(db: Database) {
  const reads: string[] = [];
  const q: Queryable = {
    query: (sql, params) => {
      reads.push(sql);
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    copyFrom: (sql, data) => db.copyFrom(sql, data),
  };
  // The statements reading a table (named after a FROM anywhere: a subquery of another table may come first).
  const readsOf = (table: string) => reads.filter((read) => new RegExp(`\\bFROM ${table}\\b`).test(read)).length;
  return { q, readsOf };
}

describe.each(testBackends)("the paper broker's reference data on %s", (backend) => {
  let db: Database;
  const tokens: Record<string, number> = {};

  migratedDatabasePerFile(backend, (opened) => {
    db = opened;
  });

  beforeAll(async () => {
    const { rows } = await db.query<{ instrument_token: number; tradingsymbol: string }>(
      `INSERT INTO instruments (exchange, tradingsymbol, name, expiry, expiry_kind, strike, instrument_type, lot_size) VALUES
         ('NFO', 'NIFTY26D0126000CE', 'NIFTY', '2026-12-01', 'weekly', 26000, 'CE', 65),
         ('NFO', 'NIFTY26D0126000PE', 'NIFTY', '2026-12-01', 'weekly', 26000, 'PE', 65),
         ('NFO', 'NIFTY26D0826000CE', 'NIFTY', '2026-12-08', 'weekly', 26000, 'CE', 65),
         ('NFO', 'BANKNIFTY26DEC59000CE', 'BANKNIFTY', '2026-12-29', 'monthly', 59000, 'CE', 30)
       RETURNING instrument_token, tradingsymbol`,
    );
    for (const row of rows) tokens[row.tradingsymbol] = row.instrument_token;
  });

  const monday = ist('2026-11-30', '10:00:00');

  it('reads a contract once, by symbol or by token, and leaves out what is not listed', async () => {
    const contracts = createContracts();
    const { q, readsOf } = counting(db);
    const bySymbol = await contracts.contractOf(q, 'NFO', 'NIFTY26D0126000CE', monday);
    expect(bySymbol).toEqual({
      instrumentToken: tokens.NIFTY26D0126000CE!,
      exchange: 'NFO',
      tradingsymbol: 'NIFTY26D0126000CE',
      index: 'NIFTY',
      expiry: '2026-12-01',
      strike: 26000,
      kind: 'CE',
      lotSize: 65,
      freezeQuantity: 1800,
      // The close of its expiry day: 15:40 IST since 3 August 2026 (migration 075).
      expiresAtMs: Date.parse('2026-12-01T15:40:00+05:30'),
      // The tick and band in force that day (migration 092), read once per exchange and day.
      priceRules: { tickPaise: 5, band: { ...nseBand, source: expect.stringContaining('NSE/FAOP/54242') } },
    } satisfies Contract);
    expect(await contracts.contractOf(q, 'NFO', 'NIFTY26D0126000CE', monday)).toEqual(bySymbol);
    expect((await contracts.contractsByToken(q, [tokens.NIFTY26D0126000CE!], monday)).get(tokens.NIFTY26D0126000CE!)).toEqual(bySymbol);
    expect(readsOf('instruments')).toBe(1);
    // The symbol's exchange is part of its key: the same symbol on BSE is not this contract.
    expect(await contracts.contractOf(q, 'BFO', 'NIFTY26D0126000CE', monday)).toBeNull();

    const byToken = await contracts.contractsByToken(q, [tokens.NIFTY26D0126000PE!, 99_999_999], monday);
    expect([...byToken.keys()]).toEqual([tokens.NIFTY26D0126000PE]);
    expect(byToken.get(tokens.NIFTY26D0126000PE!)?.kind).toBe('PE');
    // Known now, by token and by symbol alike: neither is read again (only the unlisted token is asked for).
    const before = readsOf('instruments');
    await contracts.contractsByToken(q, [tokens.NIFTY26D0126000PE!, tokens.NIFTY26D0126000CE!], monday);
    await contracts.contractOf(q, 'NFO', 'NIFTY26D0126000CE', monday);
    expect(readsOf('instruments')).toBe(before);
    expect(await contracts.contractOf(q, 'NFO', 'NIFTY26D0199999CE', monday)).toBeNull();
  });

  it("gives each index its own freeze quantity, and takes a new one on the day it comes into force", async () => {
    // A circular of NSE's dated freeze limits (freeze_quantities, migration 090) in force from 1 December.
    await db.query(`INSERT INTO freeze_quantities (underlying, effective_from, freeze_quantity, source) VALUES ('NIFTY', '2026-12-01', 1300, 'a test circular')`);
    try {
      const contracts = createContracts();
      const { q, readsOf } = counting(db);
      const tuesday = ist('2026-12-01', '09:30:00');
      const freezeOf = async (symbol: string, now: Date) => (await contracts.contractOf(q, 'NFO', symbol, now))!.freezeQuantity;
      expect(await freezeOf('NIFTY26D0126000CE', monday)).toBe(1800);
      expect(await freezeOf('NIFTY26D0126000PE', monday)).toBe(1800);
      expect(readsOf('index_config')).toBe(1);
      // BANKNIFTY's of NSE/FAOP/75521 (600 since 3 August 2026), never NIFTY's.
      expect(await freezeOf('BANKNIFTY26DEC59000CE', monday)).toBe(600);
      expect(await freezeOf('NIFTY26D0126000CE', tuesday)).toBe(1300);
      expect(await freezeOf('BANKNIFTY26DEC59000CE', tuesday)).toBe(600);
      expect(readsOf('index_config')).toBe(4);
    } finally {
      await db.query(`DELETE FROM freeze_quantities WHERE underlying = 'NIFTY' AND effective_from = '2026-12-01'`);
    }
  });

  it("keeps each exchange's, each segment's and each day's charge rates apart, reading each once", async () => {
    const contracts = createContracts();
    const { q, readsOf } = counting(db);
    const option = 'NIFTY26DEC26000CE';
    const nse = await contracts.ratesFor(q, 'NFO', '2026-11-30', option);
    expect(String(nse.exchange)).toBe('0.000355299');
    expect(await contracts.ratesFor(q, 'NFO', '2026-11-30', 'NIFTY26D0126000PE')).toBe(nse);
    expect(readsOf('charge_rates')).toBe(1);
    expect(String((await contracts.ratesFor(q, 'BFO', '2026-11-30', 'SENSEX26DEC85000CE')).exchange)).toBe('0.000325');
    // Before the Union Budget 2026 rise: STT on a sold premium was 0.1 %, now 0.15 %.
    expect(String((await contracts.ratesFor(q, 'NFO', '2026-02-02', option)).sttSell)).toBe('0.001');
    expect(String(nse.sttSell)).toBe('0.0015');
    expect(readsOf('charge_rates')).toBe(3);
    // A future is its segment's: STT 0.05 % of its value, NSE's 0.00183 %, brokerage 0.03 % capped at ₹20.
    const future = await contracts.ratesFor(q, 'NFO', '2026-11-30', 'RELIANCE26DECFUT');
    expect([future.sttSell, future.exchange, future.brokerageRate]).toEqual(['0.0005', '0.0000183', '0.0003']);
    expect(readsOf('charge_rates')).toBe(4);
  });

  it("keeps each index's and each day's margin parameters apart, reading each once, and says when none is in force", async () => {
    const contracts = createContracts();
    const { q, readsOf } = counting(db);
    // From 10 February 2025 an expiring contract gets no calendar-spread offset; before, it did.
    const after = await contracts.marginParams(q, 'NIFTY', '2025-03-03');
    expect(after.expiringCalendarOffset).toBe(false);
    expect(await contracts.marginParams(q, 'NIFTY', '2025-03-03')).toBe(after);
    expect(readsOf('margin_params')).toBe(1);
    expect((await contracts.marginParams(q, 'NIFTY', '2025-02-03')).expiringCalendarOffset).toBe(true);
    expect(await contracts.marginParams(q, 'BANKNIFTY', '2025-03-03')).not.toBe(after);
    expect(readsOf('margin_params')).toBe(3);
    // Dated rows start on 30 November 2018 (migration 055).
    await expect(contracts.marginParams(q, 'NIFTY', '2018-11-29')).rejects.toThrow('margin_params has no row for NIFTY in force on 2018-11-29');
  });

  it('names the unlisted contract, and which leg of a basket it is', async () => {
    const contracts = createContracts();
    const leg = (tradingsymbol: string): OrderIntent => ({ exchange: 'NFO', tradingsymbol, side: 'BUY', orderType: 'MARKET', product: 'NRML', quantity: 65, pricePaise: 0, triggerPaise: 0 });
    const refusal = (intents: OrderIntent[]) => contracts.resolve(db, intents, monday).then(() => null, (error: unknown) => error);
    const single = await refusal([leg('NIFTY26D0199999CE')]);
    expect(single).toBeInstanceOf(DomainError);
    expect(single).toMatchObject({ code: 'unknown_instrument', field: 'tradingsymbol' });
    expect((single as DomainError).message).toContain('NIFTY26D0199999CE');
    expect(await refusal([leg('NIFTY26D0126000CE'), leg('NIFTY26D0199999CE')])).toMatchObject({ code: 'unknown_instrument', field: 'orders.1.tradingsymbol' });
    const resolved = await contracts.resolve(db, [leg('NIFTY26D0126000CE'), leg('NIFTY26D0126000PE')], monday);
    expect(resolved.map(({ contract }) => contract.tradingsymbol)).toEqual(['NIFTY26D0126000CE', 'NIFTY26D0126000PE']);
  });

  it("lists one expiry's contracts when asked for it, and an expiring contract until 15:30 IST of its day", async () => {
    const contracts = createContracts();
    const symbols = async (expiry: string | undefined, now: Date) => (await contracts.listed(db, 'NIFTY', expiry, now)).map((c) => c.tradingsymbol);
    expect(await symbols(undefined, monday)).toEqual(['NIFTY26D0126000CE', 'NIFTY26D0126000PE', 'NIFTY26D0826000CE']);
    expect(await symbols('2026-12-08', monday)).toEqual(['NIFTY26D0826000CE']);
    // A contract trades until its expiry day's close, 15:40 IST since 3 August 2026.
    const expiry = ist('2026-12-01', '15:40:00');
    expect(await symbols(undefined, ms(expiry, -1))).toEqual(['NIFTY26D0126000CE', 'NIFTY26D0126000PE', 'NIFTY26D0826000CE']);
    expect(await symbols(undefined, expiry)).toEqual(['NIFTY26D0826000CE']);
    const listed = (await contracts.listed(db, 'NIFTY', '2026-12-08', monday))[0]!;
    expect(listed).not.toHaveProperty('freezeQuantity');
    expect(listed).not.toHaveProperty('expiresAtMs');
    const contract = (await contracts.contractOf(db, 'NFO', listed.tradingsymbol, monday))!;
    expect(expired(contract, ms(ist('2026-12-08', '15:40:00'), -1))).toBe(false);
    expect(expired(contract, ist('2026-12-08', '15:40:00'))).toBe(true);
  });
});
