// The F&O ban list (issue 63): NSE's fo_secban.csv imported through the route, refused whole with its reason (a day
// after the next trading day, before NSE's F&O segment, a holiday, a symbol that is no F&O stock that day, another
// list of a day held) and changing nothing then; the underlying search marks a banned stock; and during a ban the
// paper broker takes only orders that reduce a position in the stock's contracts. The scripted desk's clock stands
// on Friday 20 November 2026, 10:00 IST (the next trading day Monday the 23rd).
//
// The scripted desk quotes NIFTY's contracts only, so the order tests put
// the desk's own underlying, NIFTY, in the day's list straight in the table (an import takes stocks only): the
// guard reads any contract's underlying from its tradingsymbol the same way, stock or index, and the stock symbols
// are held to it beside (guardEntries with RELIANCE's contracts).
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { guardEntries, positionKey, type Holdings } from '../../../server/services/brokers/entry-guards.ts';
import { bannedAt } from '../../../server/services/market/ban-list/ban-list.ts';
import type { OrderIntent, TradingAccount } from '../../../server/services/brokers/broker-trading.ts';
import { DomainError } from '../../../server/services/domain-error.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { quotedDeskPerTest, type Desk } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

type BanList = components['schemas']['BanList'];
type Failure = { message: string; code: string; field?: string; details?: { text?: { code: string; params: Record<string, unknown> } } };

const file = (date: string, ...symbols: string[]) =>
  `Securities in Ban For Trade Date ${date}:${symbols.length === 0 ? ' NIL' : ''}\n${symbols.map((symbol, index) => `${index + 1},${symbol}`).join('\n')}\n`;

describe.each(testBackends)('the F&O ban list on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let desk: Desk;
  let symbol: string;

  quotedDeskPerTest(backend, (started) => ({ server, call, desk, atmCall: symbol } = started));

  const importFile = (token: string, text: string) => call<BanList & Failure>('importBanList', { token, body: { file_text: text } });
  const listOf = async (token: string, day: string) => (await call<BanList>('getBanList', { token, query: { day } })).body;
  const stored = async () => (await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM fo_ban_securities')).rows[0]!.n;

  it("imports NSE's file for the next trading day, reads it back with its source, and takes the same file again as a no-op", async () => {
    const { token } = await signedInAccount(call);
    const imported = await importFile(token, file('23-NOV-2026', 'SAIL', 'KAYNES'));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ trade_date: '2026-11-23', known: true, symbols: ['KAYNES', 'SAIL'], imported: true });
    expect(await listOf(token, '2026-11-23')).toMatchObject({ known: true, symbols: ['KAYNES', 'SAIL'], source: expect.stringContaining('fo_secban.csv') });
    const again = await importFile(token, 'Securities in Ban For Trade Date 23-NOV-2026:\r\n1,KAYNES\r\n2,SAIL\r\n');
    expect(again.body).toMatchObject({ symbols: ['KAYNES', 'SAIL'], imported: false });
    // A NIL day is a known day without a ban; a day without a file is not known.
    expect((await importFile(token, file('19-NOV-2026'))).body).toMatchObject({ trade_date: '2026-11-19', symbols: [], imported: true });
    expect(await listOf(token, '2026-11-19')).toMatchObject({ known: true, symbols: [] });
    expect(await listOf(token, '2026-11-17')).toEqual({ trade_date: '2026-11-17', known: false, symbols: [], source: null });
    // The real lists migration 117 seeds.
    expect(await listOf(token, '2026-09-25')).toMatchObject({ known: true, symbols: ['KAYNES', 'LICHSGFIN', 'MANAPPURAM', 'SAIL'] });
  });

  it('refuses a file of a day it cannot be, an unknown or non-F&O symbol, an unreadable file or another list of a held day, with a 422 and nothing stored', async () => {
    const { token } = await signedInAccount(call);
    expect((await importFile(token, file('18-NOV-2026', 'SAIL'))).status).toBe(200);
    const before = await stored();
    const refused = async (text: string, code: string, message: string) => {
      const answer = await importFile(token, text);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body).toMatchObject({ code: 'ban_list_refused', field: 'file_text', details: { text: { code } } });
      expect(answer.body.message).toContain(message);
    };
    // On Friday the 20th the next trading day is Monday the 23rd (Tuesday the 24th is Guru Nanak Jayanti).
    await refused(file('25-NOV-2026', 'SAIL'), 'ban_list.after_next_session', 'after the next trading day (2026-11-23)');
    await refused(file('09-JUN-2000', 'SAIL'), 'ban_list.before_exchange', "before NSE's F&O segment opened (2000-06-12)");
    await refused(file('21-NOV-2026', 'SAIL'), 'ban_list.not_trading_day', '2026-11-21, a day NSE does not trade');
    await refused(file('20-NOV-2026', 'SAIL', 'NOTASTOCK', 'NIFTY'), 'ban_list.not_fo_stocks', 'NOTASTOCK, NIFTY: not a stock with F&O contracts on 2026-11-20');
    // DALBHARAT's last contracts expired on 25 Aug 2026 (migration 112): no F&O stock in November.
    await refused(file('20-NOV-2026', 'DALBHARAT'), 'ban_list.not_fo_stocks', 'DALBHARAT');
    await refused('Banned securities 20-NOV-2026\n1,SAIL\n', 'ban_list.bad_header', 'is not NSE\'s header');
    await refused('Securities in Ban For Trade Date 20-NOV-2026:\n1,SAIL\n3,KAYNES\n', 'ban_list.bad_line', 'line 3');
    await refused('Securities in Ban For Trade Date 20-NOV-2026:\n', 'ban_list.nil_unclear', 'either say NIL or list securities');
    await refused('Securities in Ban For Trade Date 20-NOV-2026: NIL\n1,SAIL\n', 'ban_list.nil_unclear', 'not both');
    await refused(file('18-NOV-2026', 'SAIL', 'KAYNES'), 'ban_list.differs', 'already imported');
    expect(await stored()).toBe(before);
    expect((await listOf(token, '2026-11-18')).symbols).toEqual(['SAIL']);
    expect((await call('importBanList', { body: { file_text: file('20-NOV-2026') } })).status).toBe(401);
  });

  it('marks a banned stock in the underlying search for its day', async () => {
    const { token } = await signedInAccount(call);
    const search = async () => (await call<components['schemas']['UnderlyingsResponse']>('getUnderlyings', { token, query: { q: 'SAIL' } })).body.underlyings.find((u) => u.symbol === 'SAIL')!;
    const seen = (await search()).banned;
    if (seen) throw new Error('SAIL is banned today before any import: another test of this file imported the 20th');
    expect((await importFile(token, file('20-NOV-2026', 'SAIL'))).status).toBe(200);
    // The search keeps the day's list in memory and sees a change of the tables within half a minute.
    server.clock.advance(31_000);
    expect(await search()).toMatchObject({ symbol: 'SAIL', banned: true });
    expect((await call<components['schemas']['UnderlyingsResponse']>('getUnderlyings', { token, query: { q: 'KAYNES' } })).body.underlyings[0]).toMatchObject({ symbol: 'KAYNES', banned: false });
  });

  it("checks an order against today's list and the next trading day's once published, never a later one", async () => {
    await server.db.query(`INSERT INTO fo_ban_days (trade_date, source) VALUES ('2026-12-01', 'test'), ('2026-12-02', 'test')`);
    await server.db.query(`INSERT INTO fo_ban_securities (trade_date, symbol) VALUES ('2026-12-01', 'SAIL'), ('2026-12-02', 'KAYNES')`);
    const at = async (instant: string) => Object.fromEntries(await bannedAt(server.db, new Date(`${instant}+05:30`)));
    // Friday 27 November: the next trading day is Monday the 30th, whose list is not held.
    expect(await at('2026-11-27T20:00:00')).toEqual({});
    // Monday evening: Tuesday's list is out, and an after-market order goes to Tuesday's session.
    expect(await at('2026-11-30T20:00:00')).toEqual({ SAIL: '2026-12-01' });
    expect(await at('2026-12-01T10:00:00')).toEqual({ SAIL: '2026-12-01', KAYNES: '2026-12-02' });
    expect(await at('2026-12-02T10:00:00')).toEqual({ KAYNES: '2026-12-02' });
  });

  it("refuses a paper entry that adds to a banned underlying's contract with the reason, and takes an order that reduces the position", async () => {
    // A long of 130 bought before the ban, and 65 more bought while the order path still held the lists it read then.
    expect((await desk.place(symbol, 'BUY', 130)).status).toBe('COMPLETE');
    await server.db.query(`INSERT INTO fo_ban_days (trade_date, source) VALUES ('2026-11-20', 'test') ON CONFLICT DO NOTHING`);
    await server.db.query(`INSERT INTO fo_ban_securities (trade_date, symbol) VALUES ('2026-11-20', 'NIFTY')`);
    // The order path reads the lists at most every half minute of the clock (createBannedCache): the long's order read them.
    const before = await desk.trade<Failure>('placeTrades', { orders: [desk.order(symbol, 'BUY', 65)] });
    expect(before.body).toMatchObject({ orders: [{ status: 'COMPLETE' }] });
    server.clock.advance(30_000);
    try {
      const refusedTrade = async (side: 'BUY' | 'SELL', quantity: number) => {
        const answer = await desk.trade<Failure>('placeTrades', { orders: [desk.order(symbol, side, quantity)] });
        expect(answer.status, JSON.stringify(answer.body)).toBe(422);
        return answer.body;
      };
      const adding = await refusedTrade('BUY', 65);
      expect(adding).toMatchObject({
        code: 'security_in_ban',
        field: 'tradingsymbol',
        details: { text: { code: 'refusal.security_in_ban', params: { underlying: 'NIFTY', tradingsymbol: symbol, trade_date: '2026-11-20' } } },
      });
      expect(adding.message).toContain('only orders that reduce your position');
      // Selling more than the long would turn it short: not a reduction.
      expect((await refusedTrade('SELL', 260)).code).toBe('security_in_ban');
      // A basket of two sells, together more than the long, is refused whole.
      const basket = await desk.trade<Failure>('placeTrades', { orders: [desk.order(symbol, 'SELL', 65), desk.order(symbol, 'SELL', 195)] });
      expect(basket.body).toMatchObject({ code: 'security_in_ban', field: 'orders.1.tradingsymbol' });
      // Another product's position is another position: MIS has none to reduce.
      expect((await desk.trade<Failure>('placeTrades', { orders: [desk.order(symbol, 'SELL', 65, { product: 'MIS' })] })).body.code).toBe('security_in_ban');
      const reduce = await desk.place(symbol, 'SELL', 65);
      expect(reduce.status).toBe('COMPLETE');
      const close = await desk.place(symbol, 'SELL', 130);
      expect(close.status).toBe('COMPLETE');
      expect((await desk.positionBook()).net.find((position) => position.tradingsymbol === symbol)?.quantity).toBe(0);
      // Flat: a fresh short is an entry like any other.
      expect((await refusedTrade('SELL', 65)).code).toBe('security_in_ban');
    } finally {
      await server.db.query(`DELETE FROM fo_ban_securities WHERE trade_date = '2026-11-20' AND symbol = 'NIFTY'`);
    }
    server.clock.advance(30_000);
    expect((await desk.place(symbol, 'BUY', 65)).status).toBe('COMPLETE');
  });
});

describe('the ban guard on a stock contract (entry-guards.ts)', () => {
  const account = { id: 1, accountNumber: 'PA0001' } as TradingAccount;
  const noLimits = { killedAt: null, maxTradesToday: null, maxLotsPerOrder: null, maxOpenPositions: null };
  const intent = (tradingsymbol: string, side: 'BUY' | 'SELL', quantity: number, product: 'NRML' | 'MIS' = 'NRML'): OrderIntent => ({
    exchange: 'NFO', tradingsymbol, side, orderType: 'MARKET', product, quantity, pricePaise: 0, triggerPaise: 0,
  });
  const holdings = (banned: Record<string, string>, held: Record<string, number>): Holdings => ({
    entriesToday: async () => 0,
    openKeys: async () => new Set(),
    banned: async () => new Map(Object.entries(banned)),
    positionQuantities: async () => new Map(Object.entries(held)),
  });
  const guard = (intents: OrderIntent[], h: Holdings) =>
    guardEntries(account, noLimits, intents.map((i) => ({ intent: i, contract: { lotSize: 500, tradingsymbol: i.tradingsymbol, instrumentToken: 1 } })), h);
  const refusal = async (promise: Promise<void>) => {
    const error = await promise.then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  };

  it("refuses an option or a future of a banned stock that adds to a position, takes one that shrinks it, and leaves other stocks' alone", async () => {
    const banned = { RELIANCE: '2026-11-20' };
    const long = { [positionKey('NFO', 'RELIANCE26NOV1300CE', 'NRML')]: 1000, [positionKey('NFO', 'RELIANCE26DECFUT', 'NRML')]: -500 };
    const call = await refusal(guard([intent('RELIANCE26NOV1300CE', 'BUY', 500)], holdings(banned, long)));
    expect(call.code).toBe('security_in_ban');
    expect(call.text?.i18n.params).toEqual({ underlying: 'RELIANCE', tradingsymbol: 'RELIANCE26NOV1300CE', trade_date: '2026-11-20' });
    expect((await refusal(guard([intent('RELIANCE26DECFUT', 'SELL', 500)], holdings(banned, long)))).code).toBe('security_in_ban');
    expect((await refusal(guard([intent('RELIANCE26NOV1300PE', 'SELL', 500)], holdings(banned, long)))).code).toBe('security_in_ban');
    await guard([intent('RELIANCE26NOV1300CE', 'SELL', 500), intent('RELIANCE26NOV1300CE', 'SELL', 500), intent('RELIANCE26DECFUT', 'BUY', 500)], holdings(banned, long));
    expect((await refusal(guard([intent('RELIANCE26NOV1300CE', 'SELL', 500), intent('RELIANCE26NOV1300CE', 'SELL', 1000)], holdings(banned, long)))).field).toBe('orders.1.tradingsymbol');
    // Other stocks trade as usual, RELIANCE included the day after its ban.
    await guard([intent('SAIL26NOV150CE', 'BUY', 4700), intent('RELIANCE26DECFUT', 'BUY', 500)], holdings({ KAYNES: '2026-11-21' }, {}));
  });
});
