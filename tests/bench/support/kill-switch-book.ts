/**
 * The kill switch benchmark's books: a trader's further paper accounts (linked and logged in to the broker
 * through the real endpoints) and open option positions on each, built as a trader would, within the
 * broker's 10 orders a second per account.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { clientAddress, type TradingUser } from '../../e2e/support/trading.ts';

type Instrument = { tradingsymbol: string; strike: number; instrument_type: 'CE' | 'PE' };

/** Kite's limit is 10 orders a second per account: each account's book is built 10 orders at a time, a second apart. */
const ordersPerSecond = 10;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let linked = 0;

/** Another paper account of the same trader, logged in to its broker. */
export async function linkAccount(request: APIRequestContext, user: TradingUser, capital: number): Promise<TradingUser> {
  const auth = { authorization: `Bearer ${user.token}` };
  linked += 1;
  const unique = `${Date.now().toString(36)}${process.pid}K${linked}`.toUpperCase();
  const accountNumber = `PK${unique}`.slice(0, 32);
  const created = await request.post('/api/accounts/accounts/', {
    headers: auth,
    data: { broker: 'paper', name: `Desk ${linked}`, account_number: accountNumber, api_key: `key_${unique}`, api_secret: `secret_${unique}_x`, capital },
  });
  if (created.status() !== 201) throw new Error(`linking answered ${created.status()}: ${await created.text()}`);
  const accountId = ((await created.json()) as { broker_accounts: { id: number } }).broker_accounts.id;
  const form = await request.post('/broker-login/paper', { headers: clientAddress(), form: { api_key: `key_${unique}`, client_id: accountNumber, password: 'paper-pass' }, maxRedirects: 0 });
  const requestToken = new URL(form.headers().location ?? '', 'http://x').searchParams.get('request_token');
  const login = await request.post(`/api/accounts/account-login/${accountId}/`, { headers: auth, data: { request_token: requestToken, broker_name: 'paper' } });
  if (!login.ok()) throw new Error(`broker login answered ${login.status()}: ${await login.text()}`);
  return { token: user.token, accountNumber, accountId, portfolioId: user.portfolioId };
}

/** The account's open positions, counted from the position book. */
export async function openPositions(page: Page, user: TradingUser): Promise<number> {
  const response = await page.request.get(`/api/position-book/position-book/${user.accountNumber}`, { headers: { authorization: `Bearer ${user.token}` } });
  const book = (await response.json()) as { position_book: { net: Array<{ quantity: number }> } };
  return book.position_book.net.filter((position) => position.quantity !== 0).length;
}

/** Opens `count` positions on each account (side by side): calls and puts around the money, bought and sold in turn. */
export async function openBooks(page: Page, users: readonly TradingUser[], count: number): Promise<void> {
  const auth = { authorization: `Bearer ${users[0]!.token}` };
  const expiries = (await (await page.request.get('/api/market/expiries/?index=NIFTY', { headers: auth })).json()) as { expiries: Array<{ date: string }> };
  const listed = (await (await page.request.get(`/api/market/instruments/?index=NIFTY&expiry=${expiries.expiries[0]!.date}`, { headers: auth })).json()) as {
    instruments: Instrument[];
    lot_size: number;
  };
  const strikes = [...new Set(listed.instruments.map((instrument) => instrument.strike))].sort((a, b) => a - b);
  const middle = Math.floor(strikes.length / 2);
  const chosen = strikes.slice(middle - Math.ceil(count / 4), middle - Math.ceil(count / 4) + Math.ceil(count / 2));
  const orders = chosen
    .flatMap((strike, i) =>
      (['CE', 'PE'] as const).map((kind, j) => {
        const instrument = listed.instruments.find((item) => item.strike === strike && item.instrument_type === kind)!;
        // Hedged: every sold option sits next to a bought one, so the margin stays believable.
        const side = (i + j) % 2 === 0 ? 'BUY' : 'SELL';
        return { tradingsymbol: instrument.tradingsymbol, exchange: 'NFO', transaction_type: side, order_type: 'MARKET', product: 'NRML', quantity: listed.lot_size };
      }),
    )
    .slice(0, count);
  // Buys first, so every sell finds its hedge already held.
  orders.sort((a, b) => (a.transaction_type === b.transaction_type ? 0 : a.transaction_type === 'BUY' ? -1 : 1));
  for (let start = 0; start < orders.length; start += ordersPerSecond) {
    await Promise.all(
      users.map(async (user) => {
        const placed = await page.request.post('/api/order-book/order-book/place_trades/', {
          headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': crypto.randomUUID() },
          data: { account_number: user.accountNumber, orders: orders.slice(start, start + ordersPerSecond) },
        });
        const body = (await placed.json()) as { orders?: Array<{ status: string; status_message: string | null }> };
        const refused = body.orders?.find((order) => order.status !== 'COMPLETE');
        if (!placed.ok() || refused !== undefined) throw new Error(`building the book: ${placed.status()} ${refused?.status_message ?? JSON.stringify(body)}`);
      }),
    );
    await wait(1100);
  }
  for (const user of users) if ((await openPositions(page, user)) !== count) throw new Error(`expected ${count} open positions on ${user.accountNumber}`);
}
