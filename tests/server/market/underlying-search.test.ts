// The underlying search box's route (GET /api/market/underlyings/, issue 63 slice 1) on a real server whose clock
// walks from November 2024 to January 2026 through the dated F&O facts of migrations 110 and 111: stocks added on
// 29 Nov 2024 and excluded from 29 Aug 2025 (NSE's circular of 23 Jun 2025), HFCL excluded after its December 2025
// contracts (circular of 24 Oct 2025), and NSE's lot review in force 29 Oct 2025 (HDFCBANK 1100 → 550 from the
// November contracts, BDL 325 → 350 from the January 2026 contracts while November and December keep 325).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { signedInAccount } from '../support/accounts.ts';
import { contractClient, type ContractCall } from '../support/contract-client.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { underlyingsOn } from '../../../server/services/market/underlyings/underlying-rows.ts';

type Answer = components['schemas']['UnderlyingsResponse'];
type Underlying = components['schemas']['Underlying'];

/** 10:30 IST on `day`. */
const at = (day: string) => new Date(`${day}T05:00:00Z`);

describe.each(testBackends)('GET /api/market/underlyings/ on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  const clock = manualClock(at('2024-11-01'));

  // Months pass: a new sign-in each time (a session does not last them).
  const moveTo = async (day: string) => {
    const ms = at(day).getTime() - clock.now().getTime();
    if (ms < 0) throw new Error(`the clock only moves forward (to ${day})`);
    clock.advance(ms);
    token = (await signedInAccount(call)).token;
  };
  const search = async (q?: string) => {
    const answer = await call<Answer>('getUnderlyings', { token, query: q === undefined ? {} : { q } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const symbols = (answer: Answer) => answer.underlyings.map((u) => u.symbol);
  const one = async (symbol: string): Promise<Underlying> => {
    const found = (await search(symbol)).underlyings.find((u) => u.symbol === symbol);
    if (found === undefined) throw new Error(`${symbol} is not listed`);
    return found;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, database: await createMigratedTestDatabase(backend), clock });
    call = contractClient(server.app);
    token = (await signedInAccount(call)).token;
  });

  afterAll(async () => {
    await server?.close();
    await server?.db.close();
  });

  it('answers only a signed-in trader, and refuses a q too long or with control characters with a 400 naming q', async () => {
    expect((await call('getUnderlyings', { query: { q: 'NIFTY' } })).status).toBe(401);
    const refused = async (q: string) => {
      const answer = await call<{ message: string; code: string; field: string }>('getUnderlyings', { token, query: { q } });
      expect(answer.status, q).toBe(400);
      expect(answer.body.field).toBe('q');
      return answer.body.message;
    };
    expect(await refused('N'.repeat(41))).toBe('q: must be at most 40 characters');
    for (const q of ['NI\u0001', 'BANK\nNIFTY', 'TAB\tBED', 'x\u007f']) {
      expect(await refused(q)).toBe('q: must be plain text, without line breaks, tabs or other control characters');
    }
    expect((await call('getUnderlyings', { token, query: { q: 'N'.repeat(40) } })).status).toBe(200);
  });

  it('on 1 Nov 2024 lists the five indices with their facts, and no stock added later', async () => {
    const all = await search();
    expect(all.day).toBe('2024-11-01');
    expect(symbols(all).slice(0, 5)).toEqual(['BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'NIFTY', 'SENSEX']);
    expect(all.underlyings[3]).toMatchObject({ name: 'Nifty 50', kind: 'index', exchange: 'NSE', settlement: 'cash', tick_paise: 5, strike_step: 50 });
    expect(all.underlyings[4]).toMatchObject({ name: 'BSE Sensex', exchange: 'BSE', strike_step: 100 });
    expect(symbols(await search('atgl'))).toEqual([]);
  });

  it('finds by symbol prefix or name, without case, indices first, at most 20', async () => {
    await moveTo('2025-11-03');
    const all = await search('');
    expect(all.underlyings).toHaveLength(20);
    expect(all.underlyings.slice(0, 5).every((u) => u.kind === 'index')).toBe(true);
    const stocks = symbols(all).slice(5);
    expect(stocks).toEqual([...stocks].sort());
    // "nif" is no stock's prefix: the NSE indices come by their names (Nifty Bank, Nifty 50 …).
    expect(symbols(await search('nif'))).toEqual(['BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'NIFTY']);
    // The stocks NSE's market-lots file of 1 Aug 2026 first shows (migration 112) are members from before the sources.
    expect(symbols(await search('  bAnK '))).toEqual([
      'BANKNIFTY', 'AUBANK', 'AXISBANK', 'BANDHANBNK', 'BANKBARODA', 'BANKINDIA', 'CANBK', 'FEDERALBNK', 'HDFCBANK', 'ICICIBANK',
      'IDFCFIRSTB', 'INDIANB', 'INDUSINDBK', 'KOTAKBANK', 'PNB', 'RBLBANK', 'SBIN', 'UNIONBANK', 'YESBANK',
    ]);
    expect(symbols(await search('Bharat'))).toEqual(['BDL', 'BEL', 'BHARATFORG', 'BPCL', 'DALBHARAT']);
    expect(symbols(await search('hdfc'))).toEqual(['HDFCAMC', 'HDFCBANK', 'HDFCLIFE']);
    // A name's middle matches (Bajaj Finserv, Railway Finance, KFin, PB Fintech …); a symbol's does not.
    expect(symbols(await search('finserv'))).toEqual(['BAJAJFINSV']);
    expect(symbols(await search('360'))).toEqual(['360ONE']);
    // SWIGGY is in the file too, but added only from 31 Dec 2025 (NSE's circular of 18 Dec 2025).
    expect(symbols(await search('swiggy'))).toEqual([]);
    expect((await search('ltd')).underlyings).toHaveLength(20);
    expect(symbols(await search('insv'))).toEqual([]);
    expect(await one('HDFCBANK')).toMatchObject({ kind: 'stock', settlement: 'physical', exchange: 'NSE', tick_paise: 5, strike_step: null });
  });

  it('lists a stock by the membership of the day: added, announced for exclusion, excluded', async () => {
    const hfcl = await one('HFCL');
    expect(hfcl.membership).toMatchObject({ current: true, excluded_from: '2025-12-31' });
    expect(hfcl.membership.exclusion_source).toContain('24 Oct 2025');
    // ATGL, added 29 Nov 2024 and excluded from 29 Aug 2025: still found, no longer current, no contract.
    const atgl = await one('ATGL');
    expect(atgl.membership).toMatchObject({ current: false, listed_from: '2024-11-29', excluded_from: '2025-08-29' });
    expect(atgl.lot).toBeNull();

    await moveTo('2026-01-05');
    const after = await one('HFCL');
    expect(after.membership).toMatchObject({ current: false, excluded_from: '2025-12-31' });
    expect(after.lot).toBeNull();
    expect((await one('KFINTECH')).membership.current).toBe(true);
  });
});

describe.each(testBackends)('the dated membership and lots of %s, day by day', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  const clock = manualClock(at('2025-07-01'));

  const one = async (symbol: string): Promise<Underlying> => {
    const answer = await call<Answer>('getUnderlyings', { token, query: { q: symbol } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const found = answer.body.underlyings.find((u) => u.symbol === symbol);
    if (found === undefined) throw new Error(`${symbol} is not listed on ${answer.body.day}`);
    return found;
  };
  const moveTo = async (day: string) => {
    clock.advance(at(day).getTime() - clock.now().getTime());
    token = (await signedInAccount(call)).token;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, database: await createMigratedTestDatabase(backend), clock });
    call = contractClient(server.app);
    token = (await signedInAccount(call)).token;
  });

  afterAll(async () => {
    await server?.close();
    await server?.db.close();
  });

  it('a stock announced for exclusion is listed, current, with the day its contracts stop; before the announcement, without it', async () => {
    // 1 Jul 2025: ATGL's exclusion (circular of 23 Jun) is known; its June-August contracts still trade.
    expect((await one('ATGL')).membership).toMatchObject({ current: true, listed_from: '2024-11-29', excluded_from: '2025-08-29' });
    await moveTo('2025-10-01');
    // HFCL's exclusion was announced on 24 Oct 2025: on 1 Oct nothing says it yet.
    const hfcl = await one('HFCL');
    expect(hfcl.membership).toMatchObject({ current: true, excluded_from: null, exclusion_source: null });
    expect(hfcl.lot).toMatchObject({ size: 6450, expiry: '2025-10-28' });
  });

  it('lots follow the contract month across NSE review of 29 Oct 2025, the nearer contracts keeping their own', async () => {
    await moveTo('2025-10-20');
    expect((await one('HDFCBANK')).lot).toMatchObject({ size: 1100, expiry: '2025-10-28' });
    await moveTo('2025-11-03');
    // Revised down: every contract from 29 Oct 2025 (the November ones the current month).
    expect((await one('HDFCBANK')).lot).toMatchObject({ size: 550, expiry: '2025-11-25', effective_from: '2025-10-29' });
    // Revised up from the January 2026 contracts: November's keeps 325 ...
    expect((await one('BDL')).lot).toMatchObject({ size: 325, expiry: '2025-11-25', effective_from: '2025-10-28' });
    // ... and on the same day the December and January contracts carry their own lots (lot_revision_of, the one rule).
    const { rows } = await server.db.query<{ dec: number; jan: number }>(
      `SELECT (SELECT lot_size FROM lot_revisions WHERE id = lot_revision_of('BDL', DATE '2025-12-30', DATE '2025-11-03')) AS dec,
              (SELECT lot_size FROM lot_revisions WHERE id = lot_revision_of('BDL', DATE '2026-01-27', DATE '2025-11-03')) AS jan`,
    );
    expect(rows[0]).toEqual({ dec: 325, jan: 350 });
    await moveTo('2025-12-15');
    expect((await one('BDL')).lot).toMatchObject({ size: 325, expiry: '2025-12-30' });
    await moveTo('2026-01-05');
    expect((await one('BDL')).lot).toMatchObject({ size: 350, expiry: '2026-01-27' });
    // An index's lot reads the same table: NIFTY's January 2026 contracts at 65 (NSE/FAOP/70616).
    expect((await one('NIFTY')).lot).toMatchObject({ size: 65, expiry: '2026-01-27' });
  });

  it("NSE's market-lots file of 1 Aug 2026 gives every stock it lists a lot; a stock missing from it or with one month only is excluded", async () => {
    await moveTo('2026-08-03');
    const listed = (await underlyingsOn(server.db, '2026-08-03')).filter((u) => u.kind === 'stock' && u.membership.current);
    expect(listed).toHaveLength(208);
    expect(listed.filter((u) => u.lot === null).map((u) => u.symbol)).toEqual([]);
    // A later revision than October 2025's: HDFCBANK 550 → 650, in force by 1 Aug 2026 (the file does not say since when).
    expect((await one('HDFCBANK')).lot).toMatchObject({ size: 650, expiry: '2026-08-25', effective_from: '2026-08-01' });
    expect((await one('360ONE')).lot).toMatchObject({ size: 500 });
    expect((await one('RELIANCE')).lot).toMatchObject({ size: 500 });
    expect((await one('SWIGGY')).membership).toMatchObject({ current: true, listed_from: '2025-12-31' });
    // DALBHARAT: an AUG-26 lot only, so no contract after 25 Aug 2026.
    const dalmia = await one('DALBHARAT');
    expect(dalmia).toMatchObject({ lot: { size: 325, expiry: '2026-08-25' }, membership: { current: true, excluded_from: '2026-08-26' } });
    // HUDCO: its last contracts expired on 28 Apr 2026 (the exchange's notice of 23 Feb 2026).
    expect((await one('HUDCO')).membership).toMatchObject({ current: false, excluded_from: '2026-04-29' });
    expect((await one('HUDCO')).lot).toBeNull();
    await moveTo('2026-08-26');
    expect((await one('DALBHARAT')).membership.current).toBe(false);
  });

  it('answers from memory within 50 ms after the first call, and sees a change of the tables within half a minute', async () => {
    await one('NIFTY');
    const times: number[] = [];
    for (const q of ['', 'a', 'b', 'n', 'nif', 'bank', 'ltd', 'hdfc', 'x', 'tvs', 'india', 'k'].flatMap((q) => [q, q.toUpperCase(), q])) {
      const start = performance.now();
      const answer = await call<Answer>('getUnderlyings', { token, query: { q } });
      times.push(performance.now() - start);
      expect(answer.status).toBe(200);
    }
    times.sort((a, b) => a - b);
    // The 95th percentile: one stray pause of the shared machine's garbage collector is not the search.
    expect(times[Math.floor(times.length * 0.95)]).toBeLessThanOrEqual(50);

    await server.db.query(`INSERT INTO underlyings (symbol, name, kind, exchange, settlement, source) VALUES ('ZZTEST', 'Zz Test Ltd', 'stock', 'NSE', 'physical', 'test')`);
    await server.db.query(`INSERT INTO fo_memberships (symbol, listed_from, listed_source) VALUES ('ZZTEST', '2026-01-02', 'test')`);
    const before = await call<Answer>('getUnderlyings', { token, query: { q: 'zz' } });
    expect(before.body.underlyings).toEqual([]);
    clock.advance(31_000);
    const after = await call<Answer>('getUnderlyings', { token, query: { q: 'zz' } });
    expect(after.body.underlyings.map((u) => u.symbol)).toEqual(['ZZTEST']);
    expect(after.body.underlyings[0]).toMatchObject({ lot: null, membership: { current: true, listed_from: '2026-01-02' } });
  });
});
