// The order window's margin preview in a replay (issue 39): asked of the replay's own book, it answers what
// paper answers (margin after the book's positions, premium, charges) at the replayed minute's prices and the
// replayed day's charge rates, places and logs nothing, and never reads the trader's own accounts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { chargeRatesOn, fillCharges, totalCharges } from '../../../server/services/brokers/paper/charges.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { openReplayDesk, replayDay, replayExpiries } from './replay-fixture.ts';

type Schemas = components['schemas'];
type Margins = Schemas['OrderMarginsResponse']['margins'];
const expiry = replayExpiries[1]!;
const call25050 = 'NIFTY26O1325050CE';
const call25250 = 'NIFTY26O1325250CE';
const order = (tradingsymbol: string, side: 'BUY' | 'SELL') =>
  ({ tradingsymbol, exchange: 'NFO', transaction_type: side, order_type: 'MARKET', product: 'NRML', quantity: 75 }) as const;

describe.each(testBackends)("a replay's margin preview on %s", (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  let id: number;

  beforeEach(async () => {
    ({ server, call, token, id } = await openReplayDesk(backend));
  });

  afterEach(async () => {
    await server.close();
  });

  const margins = async (...orders: ReturnType<typeof order>[]): Promise<Margins> => {
    const answer = await call<Schemas['OrderMarginsResponse']>('getReplayOrderMargins', { token, params: { id }, body: { orders } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.margins;
  };
  const quote = async (symbol: string) => (await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry } })).body.data[`NFO:${symbol}`]!;
  const paise = (rupees: number) => Math.round(rupees * 100);
  const actions = async () => Number((await server.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM replay_actions')).rows[0]!.n);

  it("charges a sale at the replayed bid with the day's rates, against the book's own funds, logging nothing", async () => {
    const { bid } = await quote(call25050);
    const sale = await margins(order(call25050, 'SELL'));
    const rates = await chargeRatesOn(server.db, 'NFO', replayDay);
    expect(sale.charges).toBe(totalCharges(fillCharges(rates, 'SELL', 75, paise(bid!), true)) / 100);
    expect(sale.premium).toBe(0);
    // A short call blocks SPAN + exposure: some thousands of rupees, never nothing.
    expect(sale.margin).toBeGreaterThan(5_000);
    expect(sale.required).toBeCloseTo(sale.margin + sale.charges, 2);
    const { margins: funds } = (await call<Schemas['PositionBookResponse']>('getReplayPositions', { token, params: { id } })).body.position_book;
    expect(sale.available).toBe(funds.available);
    expect(sale.available).toBe(1_000_000);
    expect(await actions()).toBe(0);
  });

  it('prices a buy at the ask of the replayed minute, which moves with the replay', async () => {
    const at10 = await margins(order(call25050, 'BUY'));
    expect(at10.premium).toBe((75 * paise((await quote(call25050)).ask!)) / 100);
    await call('seekReplay', { token, params: { id }, body: { minute: '14:00' } });
    const ask14 = (await quote(call25050)).ask!;
    const at14 = await margins(order(call25050, 'BUY'));
    expect(at14.premium).toBe((75 * paise(ask14)) / 100);
    expect(at14.premium).not.toBe(at10.premium);
  });

  it("counts the book's positions: closing a short releases the margin the sale took, and a spread's hedge shows", async () => {
    const sale = await margins(order(call25050, 'SELL'));
    const placed = await call<Schemas['OrdersResponse']>('placeReplayOrders', { token, params: { id }, headers: { 'idempotency-key': 'margins-sell' }, body: { orders: [order(call25050, 'SELL')] } });
    expect(placed.body.orders[0]!.status).toBe('COMPLETE');
    const close = await margins(order(call25050, 'BUY'));
    expect(close.margin).toBe(-sale.margin);
    expect(close.margin_released).toBe(sale.margin);
    const spread = await margins(order(call25250, 'BUY'), order(call25050, 'SELL'));
    expect(spread.standalone.hedge_benefit).toBeGreaterThan(0);
    expect(spread.standalone.margin).toBeLessThan(sale.margin);
  });

  it("refuses a contract the replayed day did not list, and another trader's replay answers as missing", async () => {
    const unlisted = await call('getReplayOrderMargins', { token, params: { id }, body: { orders: [order('NIFTY26O2799999CE', 'SELL')] } });
    expect(unlisted.status).toBe(422);
    expect(unlisted.body).toMatchObject({ code: 'unknown_instrument' });
    const other = (await signedInAccount(call)).token;
    const missing = await call('getReplayOrderMargins', { token: other, params: { id }, body: { orders: [order(call25050, 'SELL')] } });
    expect(missing.status).toBe(404);
  });
});
