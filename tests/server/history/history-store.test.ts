// The history store on both backends: rows go in by COPY (server/db/copy-from.ts), a file is stored whole or
// not at all, and the import each row names is checked once per statement (migration 032) with the rules the
// foreign key had: no row without its import, and an import's rows go with it.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import type { MinuteCandle, OptionDay } from '../../../server/services/history/history-files.ts';
import { inLane } from '../../../server/db/lanes.ts';
import { storeByDay, storeMinuteCandles, storeOptionDays, type ImportRecord } from '../../../server/services/history/history-store.ts';
import { testBackends, migratedDatabasePerFile } from '../support/test-database.ts';
import { waitUntilBlocked } from '../support/wait-until-blocked.ts';

const record = (day: string, kind: ImportRecord['kind'] = 'bhavcopy_udiff'): ImportRecord => ({
  kind,
  fileName: `${kind}-${day}.csv`,
  sha256: 'a'.repeat(64),
  days: [day],
  rowCount: 2,
  uploadedBy: null as unknown as number,
  importedAt: new Date('2024-07-08T12:00:00Z'),
});

const option = (day: string, strikeRupees: number, extra: Partial<OptionDay> = {}): OptionDay => ({
  index: 'NIFTY',
  tradeDate: day,
  expiry: '2024-07-11',
  strikePaise: strikeRupees * 100,
  optionType: 'CE',
  openPaise: 12_000,
  highPaise: 14_250,
  lowPaise: 8_810,
  closePaise: 10_535,
  settlePaise: 10_535,
  openInterest: 5_432_100,
  changeInOi: -812_350,
  volumeContracts: 1_254_320,
  underlyingPaise: 2_432_055,
  lotSize: 25,
  ...extra,
});

const candle = (minute: string): MinuteCandle => ({
  index: 'BANKNIFTY',
  minute: new Date(minute),
  tradeDate: '2024-07-08',
  openPaise: 5_240_000,
  highPaise: 5_241_000,
  lowPaise: 5_239_000,
  closePaise: 5_240_500,
});

describe.each(testBackends)('history store on %s', (backend) => {
  let db: Database;

  migratedDatabasePerFile(backend, (opened) => {
    db = opened;
  });

  beforeEach(async () => {
    await db.exec('DELETE FROM history_option_days; DELETE FROM history_index_minutes; DELETE FROM history_imports;');
  });

  async function storedOptions() {
    const { rows } = await db.query(
      `SELECT index_name, to_char(trade_date, 'YYYY-MM-DD') AS trade_date, strike_paise::text, change_in_oi::text,
         underlying_paise::text, lot_size FROM history_option_days ORDER BY strike_paise`,
    );
    return rows;
  }

  it('copies a file\'s rows in, nulls included, and a second import of the day replaces them', async () => {
    await db.transaction((tx) => storeOptionDays(tx, record('2024-07-08'), [option('2024-07-08', 24_300), option('2024-07-08', 24_350, { underlyingPaise: null, lotSize: null })]));
    expect(await storedOptions()).toEqual([
      { index_name: 'NIFTY', trade_date: '2024-07-08', strike_paise: '2430000', change_in_oi: '-812350', underlying_paise: '2432055', lot_size: 25 },
      { index_name: 'NIFTY', trade_date: '2024-07-08', strike_paise: '2435000', change_in_oi: '-812350', underlying_paise: null, lot_size: null },
    ]);
    await db.transaction((tx) => storeOptionDays(tx, record('2024-07-08'), [option('2024-07-08', 24_400)]));
    expect((await storedOptions()).map((row) => row.strike_paise)).toEqual(['2440000']);
    // The first import lost all its rows and is forgotten (its delete removed nothing more).
    const { rows } = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM history_imports');
    expect(rows[0]?.count).toBe(1);
  });

  it('copies minute candles in, with their instants', async () => {
    await db.transaction((tx) => storeMinuteCandles(tx, record('2024-07-08', 'index_minutes'), [candle('2024-07-08T03:45:00Z'), candle('2024-07-08T03:46:00Z')]));
    const { rows } = await db.query<{ minute: string }>(`SELECT to_char(minute AT TIME ZONE 'Asia/Kolkata', 'HH24:MI') AS minute FROM history_index_minutes ORDER BY minute`);
    expect(rows.map((row) => row.minute)).toEqual(['09:15', '09:16']);
  });

  it.runIf(backend === 'postgres')('a day imported twice at once: the second waits for the first and replaces its rows, refusing nothing', async () => {
    let second: Promise<number> | undefined;
    await db.transaction(async (tx) => {
      await storeOptionDays(tx, record('2024-07-08'), [option('2024-07-08', 24_300)]);
      const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      second = db.transaction((other) => storeOptionDays(other, record('2024-07-08'), [option('2024-07-08', 24_300), option('2024-07-08', 24_400)]));
      await waitUntilBlocked(db, rows[0]!.pid);
    });
    await second;
    expect((await storedOptions()).map((row) => row.strike_paise)).toEqual(['2430000', '2440000']);
    const { rows } = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM history_imports');
    expect(rows[0]?.count).toBe(1);
  });

  it('stores nothing of a file the database refuses, and the connection goes on working', async () => {
    // A row the parser would never pass (expiry before its day) reaches the table's own check.
    const store = db.transaction((tx) => storeOptionDays(tx, record('2024-07-12'), [option('2024-07-12', 24_300, { expiry: '2024-07-18' }), option('2024-07-12', 24_350, { expiry: '2024-07-10' })]));
    await expect(store).rejects.toMatchObject({ code: '23514' });
    expect(await storedOptions()).toEqual([]);
    const { rows } = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM history_imports');
    expect(rows[0]?.count).toBe(0);
    await db.transaction((tx) => storeOptionDays(tx, record('2024-07-08'), [option('2024-07-08', 24_300)]));
    expect(await storedOptions()).toHaveLength(1);
  });

  it('copies outside a transaction too (a pooled connection on PostgreSQL)', async () => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, imported_at)
       VALUES ('index_minutes', 'x.csv', $1, '2024-07-08', '2024-07-08', 1, now()) RETURNING id`,
      ['b'.repeat(64)],
    );
    await db.copyFrom(
      'COPY history_index_minutes (index_name, minute, trade_date, open_paise, high_paise, low_paise, close_paise, import_id) FROM STDIN',
      `NIFTY\t2024-07-08T03:45:00.000Z\t2024-07-08\t2432000\t2433000\t2431000\t2432500\t${rows[0]!.id}\n`,
    );
    const { rows: stored } = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM history_index_minutes');
    expect(stored[0]?.count).toBe(1);
  });

  it('refuses rows naming an import that does not exist, as the foreign key did', async () => {
    await expect(
      db.copyFrom(
        'COPY history_index_minutes (index_name, minute, trade_date, open_paise, high_paise, low_paise, close_paise, import_id) FROM STDIN',
        'NIFTY\t2024-07-08T03:45:00.000Z\t2024-07-08\t2432000\t2433000\t2431000\t2432500\t999999\n',
      ),
    ).rejects.toMatchObject({ code: '23503' });
    const importId = await db.transaction((tx) => storeOptionDays(tx, record('2024-07-08'), [option('2024-07-08', 24_300)]));
    await expect(db.query('UPDATE history_option_days SET import_id = $1', [importId + 1000])).rejects.toMatchObject({ code: '23503' });
    expect(await storedOptions()).toHaveLength(1);
  });

  it('stores an upload a day of an index at a time: a trading statement sent meanwhile waits for one day, not the file', async () => {
    const file = { ...record('2024-07-08'), days: ['2024-07-08', '2024-07-09'], rowCount: 3 };
    const rows = [option('2024-07-08', 24_300), option('2024-07-08', 24_350), option('2024-07-09', 24_300)];
    const order: string[] = [];
    let trading: Promise<unknown> | undefined;
    await inLane('analysis', () =>
      storeByDay(db, rows, async (tx, dayRows, day) => {
        order.push(`day ${dayRows[0]!.tradeDate}`);
        // An order's statement arrives while the file's first day is being written.
        trading ??= inLane('trading', () => db.query('SELECT 1').then(() => order.push('trading')));
        return storeOptionDays(tx, file, dayRows, [], day);
      }),
    );
    await trading;
    // PGlite has one connection: the statement waits for the day under way, then goes before the file's next day.
    // PostgreSQL runs it at once on another connection, whenever the days are written.
    if (backend === 'pglite') expect(order).toEqual(['day 2024-07-08', 'trading', 'day 2024-07-09']);
    else expect(order.filter((step) => step !== 'trading')).toEqual(['day 2024-07-08', 'day 2024-07-09']);
    expect((await storedOptions()).map((row) => `${row.trade_date} ${row.strike_paise}`)).toEqual(['2024-07-08 2430000', '2024-07-09 2430000', '2024-07-08 2435000']);
    // One import for the file, named by both days' rows.
    const { rows: imports } = await db.query<{ count: number; row_count: number }>('SELECT count(*)::integer AS count, max(row_count) AS row_count FROM history_imports');
    expect(imports[0]).toEqual({ count: 1, row_count: 3 });
  });

  it("writes a file's import again for its next day when another import forgot it meanwhile", async () => {
    const file = { ...record('2024-07-08'), days: ['2024-07-08', '2024-07-09'] };
    let transactions = 0;
    // Between the file's two days, another transaction removes the import with its rows (as forgetEmptyImports
    // would one whose first day was kept for another trader).
    const meanwhile: Database = {
      ...db,
      transaction: async (fn) => {
        if ((transactions += 1) === 2) await db.exec('DELETE FROM history_option_days; DELETE FROM history_imports');
        return db.transaction(fn);
      },
    };
    await storeByDay(meanwhile, [option('2024-07-08', 24_300), option('2024-07-09', 24_300)], (tx, dayRows, day) => storeOptionDays(tx, file, dayRows, [], day));
    expect((await storedOptions()).map((row) => row.trade_date)).toEqual(['2024-07-09']);
    const { rows } = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM history_imports');
    expect(rows[0]?.count).toBe(1);
  });

  it('deletes an import\'s rows with it, as the foreign key\'s cascade did', async () => {
    const first = await db.transaction((tx) => storeOptionDays(tx, record('2024-07-08'), [option('2024-07-08', 24_300)]));
    await db.transaction((tx) => storeOptionDays(tx, record('2024-07-09'), [option('2024-07-09', 24_300)]));
    await db.transaction((tx) => storeMinuteCandles(tx, record('2024-07-08', 'index_minutes'), [candle('2024-07-08T03:45:00Z')]));
    await db.query('DELETE FROM history_imports WHERE id = $1 OR kind = $2', [first, 'index_minutes']);
    expect((await storedOptions()).map((row) => row.trade_date)).toEqual(['2024-07-09']);
    const { rows } = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM history_index_minutes');
    expect(rows[0]?.count).toBe(0);
  });
});

