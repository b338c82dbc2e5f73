// Orders on an Upstox account through the broker-neutral live core (server/services/brokers/live/) on
// Upstox's wire (upstox-broker/), against the Upstox test server: every order carries the intent's tag and
// X-Algo-Name; a leg above the freeze quantity goes as one sliced call whose children are each reported (a
// child the exchange rejects is REJECTED beside the others); a dropped answer is reconciled from Upstox's
// book by tag and never placed twice; Upstox's 429 and a 401 mid-day reach the trader in clear words.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { DomainError } from '../../../server/services/domain-error.ts';
import type { NumberedOrder, TradingAccount } from '../../../server/services/brokers/broker-trading.ts';
import { upstoxAlgoName } from '../../../server/services/brokers/upstox-broker/upstox-live.ts';
import { createLiveSessions } from '../../../server/services/brokers/live/live-sessions.ts';
import { createUpstoxHttp } from '../../../server/services/brokers/upstox/upstox-http.ts';
import { createUpstoxTrading, type UpstoxTrading } from '../../../server/services/brokers/upstox-broker/upstox-trading.ts';
import { createSecretBox } from '../../../server/services/secrets/secret-box.ts';
import { migratedDatabasePerFile, testBackends } from '../support/test-database.ts';
import { startLoggedIn, type LoggedIn } from './upstox-support.ts';

const symbol = 'NIFTY26JAN26000CE';
const order = (quantity: number, extra: Partial<NumberedOrder> = {}): NumberedOrder => ({
  slice: 0, exchange: 'NFO', tradingsymbol: symbol, side: 'BUY', orderType: 'LIMIT', product: 'MIS', quantity, pricePaise: 9000, triggerPaise: 0,
  portfolioId: null, purpose: 'entry', bot: null, ...extra,
});

async function refusalOf(promise: Promise<unknown>): Promise<DomainError> {
  const error: unknown = await promise.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe.each(testBackends)('Upstox orders on the live core (%s)', (backend) => {
  let db: Database;
  migratedDatabasePerFile(backend, (opened) => (db = opened));
  let upstox: LoggedIn;
  let trading: UpstoxTrading;
  let account: TradingAccount;
  let refs = 0;
  const intent = () => {
    refs += 1;
    return { ref: `intent-${refs}`, tag: `sd${refs}${randomBytes(3).toString('hex')}` };
  };

  beforeAll(async () => {
    upstox = await startLoggedIn();
  });
  afterAll(async () => upstox.server.close());

  beforeEach(async () => {
    const secrets = createSecretBox(randomBytes(32));
    const now = upstox.time.clock();
    const { rows: users } = await db.query<{ id: number }>(
      `INSERT INTO users (email, name, mobile, password_hash, trade_defaults, created_at, updated_at) VALUES ($1, 'Asha', '+919876543210', 'x', '{}', $2, $2) RETURNING id`,
      [`asha-${randomBytes(4).toString('hex')}@example.in`, now],
    );
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO broker_accounts (user_id, broker_id, name, account_number, api_key, api_secret_encrypted, capital, session_access_token_encrypted,
         session_opened_at, session_expires_at, created_at, updated_at)
       VALUES ($1, (SELECT id FROM brokers WHERE slug = 'upstox'), 'Upstox', 'AB1234', $2, $3, 500000, $4, $5, $6, $5, $5) RETURNING id`,
      [users[0]!.id, `key-${randomBytes(4).toString('hex')}`, secrets.seal('secret'), secrets.seal(upstox.accessToken), now, new Date(now.getTime() + 8 * 3600_000)],
    );
    account = { id: Number(rows[0]!.id), accountNumber: 'AB1234', capitalPaise: 50_000_000 };
    const endpoints = { apiRoot: upstox.server.apiRoot, orderApiRoot: upstox.server.apiRoot, instrumentsUrl: upstox.server.instrumentsUrl };
    const httpOf = (_apiKey: string, accessToken?: string) => createUpstoxHttp({ apiRoot: endpoints.apiRoot, orderApiRoot: endpoints.orderApiRoot, accessToken, algoName: upstoxAlgoName, timeoutMs: 2000 });
    const sessions = createLiveSessions({ db, clock: upstox.time.clock, secrets, httpOf });
    trading = createUpstoxTrading({ db, clock: upstox.time.clock, sessions, instrumentsUrl: upstox.server.instrumentsUrl });
  });

  it('places an order with its tag and X-Algo-Name, and answers it as Upstox\'s book has it', async () => {
    const writes = upstox.server.control.orderWrites().length;
    const { ref, tag } = intent();
    const [placed] = await trading.placeOrders(account, { ref, tag }, [order(65)]);
    expect(placed).toMatchObject({ tradingsymbol: symbol, quantity: 65, status: 'OPEN', tag, product: 'MIS', intent_ref: ref, intent_slice: 0 });
    const sent = upstox.server.control.orderWrites().slice(writes);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ algoName: 'StrikeDesk', body: { instrument_token: 'NSE_FO|43919', tag, product: 'I', price: 90, slice: false } });
    // The same intent again is answered from the mirror, never sent twice.
    await trading.placeOrders(account, { ref, tag }, [order(65)]);
    expect(upstox.server.control.orderWrites()).toHaveLength(writes + 1);
  });

  it('sends a leg above the freeze quantity as one sliced call and reports each child, a rejected one as REJECTED', async () => {
    const { ref, tag } = intent();
    upstox.server.control.rejectNextSlice(1, 'Rejected by the exchange: price band');
    const writes = upstox.server.control.orderWrites().length;
    const slices = [0, 1, 2].map((slice) => order(1755, { slice, sliceGroup: 0 }));
    const placed = await trading.placeOrders(account, { ref, tag }, slices);
    expect(upstox.server.control.orderWrites().slice(writes)).toHaveLength(1);
    expect(upstox.server.control.orderWrites().at(-1)).toMatchObject({ body: { quantity: 5265, slice: true, tag } });
    expect(placed.map((child) => [child.intent_slice, child.quantity, child.status])).toEqual([[0, 1755, 'OPEN'], [1, 1755, 'REJECTED'], [2, 1755, 'OPEN']]);
    expect(placed[1]!.status_message).toBe('Rejected by the exchange: price band');
  });

  it('finds an order whose answer was dropped by its tag, and never places it twice', async () => {
    const { ref, tag } = intent();
    upstox.server.control.dropNextPlaceAnswer();
    const before = upstox.server.control.orders('AB1234').length;
    const [placed] = await trading.placeOrders(account, { ref, tag }, [order(130)]);
    expect(placed).toMatchObject({ tag, quantity: 130, intent_slice: 0 });
    await trading.placeOrders(account, { ref, tag }, [order(130)]);
    expect(upstox.server.control.orders('AB1234')).toHaveLength(before + 1);
  });

  it('finds every child of a sliced call whose answer was dropped, by its tag alone', async () => {
    const { ref, tag } = intent();
    upstox.server.control.dropNextPlaceAnswer();
    const before = upstox.server.control.orders('AB1234').length;
    const placed = await trading.placeOrders(account, { ref, tag }, [0, 1].map((slice) => order(1755, { slice, sliceGroup: 0 })));
    expect(placed.map((child) => [child.intent_slice, child.status])).toEqual([[0, 'OPEN'], [1, 'OPEN']]);
    await trading.placeOrders(account, { ref, tag }, [0, 1].map((slice) => order(1755, { slice, sliceGroup: 0 })));
    expect(upstox.server.control.orders('AB1234')).toHaveLength(before + 2);
  });

  it('refuses with Upstox\'s words on its 429, booking nothing', async () => {
    const { ref, tag } = intent();
    const before = upstox.server.control.orders('AB1234').length;
    upstox.server.control.answer429Next();
    const refusal = await refusalOf(trading.placeOrders(account, { ref, tag }, [order(65)]));
    expect(refusal.code).toBe('order_rate_limited');
    expect(refusal.text?.i18n.code).toBe('upstox.rate_limit_reached');
    expect(upstox.server.control.orders('AB1234')).toHaveLength(before);
  });

  it('says what Upstox refused, with its code, in a coded sentence', async () => {
    const { ref, tag } = intent();
    const refusal = await refusalOf(trading.placeOrders(account, { ref, tag }, [order(70)]));
    expect(refusal.code).toBe('order_refused');
    expect(refusal.text?.i18n).toMatchObject({ code: 'upstox.refused', params: { code: 'UDAPI100036', kind: 'input' } });
    expect(refusal.message).toContain('multiple of the lot size');
  });

  it('modifies and cancels an order, each through Upstox with X-Algo-Name', async () => {
    const { ref, tag } = intent();
    const [placed] = await trading.placeOrders(account, { ref, tag }, [order(65, { pricePaise: 5000 })]);
    upstox.time.advance(1000);
    const modified = await trading.modifyOrder(account, placed!.order_id, { pricePaise: 6000 });
    expect(modified).toMatchObject({ order_id: placed!.order_id, price_paise: '6000', status: 'OPEN', modifications: 1 });
    upstox.time.advance(1000);
    const [cancelled] = await trading.cancelOrders(account, [placed!.order_id]);
    expect(cancelled).toMatchObject({ order_id: placed!.order_id, status: 'CANCELLED', portfolio_id: null, tag });
    const writes = upstox.server.control.orderWrites().slice(-2);
    expect(writes.map((write) => [write.path, write.algoName])).toEqual([['/v3/order/modify', 'StrikeDesk'], ['/v3/order/cancel', 'StrikeDesk']]);
    const history = await trading.orderHistory(account, placed!.order_id);
    expect(history.at(-1)).toMatchObject({ status: 'CANCELLED' });
  });

  it('reads the order book and the positions from Upstox, a fill marked at its price', async () => {
    const { ref, tag } = intent();
    upstox.server.control.setQuote('NSE_FO|43919', { last: 100 });
    const [placed] = await trading.placeOrders(account, { ref, tag }, [order(65, { orderType: 'MARKET', pricePaise: 0 })]);
    const book = await trading.orderBook(account, '2026-01-15');
    expect(book.orders.find((row) => row.order_id === placed!.order_id)).toMatchObject({ status: 'COMPLETE', filled_quantity: 65, filled_value_paise: '650000' });
    expect(book.trades.find((trade) => trade.order_id === placed!.order_id)).toMatchObject({ quantity: 65, price_paise: '10000' });
    const positions = await trading.positionTotals(account, '2026-01-15', null);
    expect(positions.find((entry) => entry.contract.tradingsymbol === symbol)?.totals.dayBuyQuantity).toBeGreaterThanOrEqual(65);
  });

  it('logs the account out on a 401 mid-day: "log in again", and no call after it', async () => {
    const { ref, tag } = intent();
    upstox.server.control.expireAllTokens();
    const refusal = await refusalOf(trading.placeOrders(account, { ref, tag }, [order(65)]));
    expect(refusal.code).toBe('broker_session_expired');
    const { rows } = await db.query<{ session_access_token_encrypted: string | null }>('SELECT session_access_token_encrypted FROM broker_accounts WHERE id = $1', [account.id]);
    expect(rows[0]!.session_access_token_encrypted).toBeNull();
    expect((await refusalOf(trading.placeOrders(account, intent(), [order(65)]))).code).toBe('broker_session_expired');
  });
});
