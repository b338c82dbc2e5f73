import { expect, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { clientAddress, loginToken, registerAccount, storeSessionToken } from './session';

export { clientAddress };

export type TradingUser = { token: string; accountNumber: string; accountId: number; portfolioId: number; apiKey?: string };

let counter = 0;


/**
 * A new user signed in on this page with a paper account logged in to its broker (through the broker's own
 * login page, as a trader would) and one portfolio, all set up through the real API.
 */
/** The paper broker's login of an account (its session lasts the trading day: a spec whose clock moves on a day logs in again). */
export async function logInToPaperBroker(request: APIRequestContext, token: string, accountId: number, accountNumber: string, apiKey: string): Promise<void> {
  const form = await request.post('/broker-login/paper', {
    headers: clientAddress(),
    form: { api_key: apiKey, client_id: accountNumber, password: 'paper-pass' },
    maxRedirects: 0,
  });
  const requestToken = new URL(form.headers().location ?? '', 'http://x').searchParams.get('request_token');
  const login = await request.post(`/api/accounts/account-login/${accountId}/`, { headers: { authorization: `Bearer ${token}` }, data: { request_token: requestToken, broker_name: 'paper' } });
  if (!login.ok()) throw new Error(`broker login answered ${login.status()}: ${await login.text()}`);
}

export async function signInReadyToTrade(page: Page, capital = 1_000_000): Promise<TradingUser> {
  const request: APIRequestContext = page.request;
  const user = await registerAccount(request);
  const token = await loginToken(request, user);
  const auth = { authorization: `Bearer ${token}` };
  counter += 1;
  const unique = `${Date.now().toString(36)}${process.pid}${counter}`.toUpperCase();
  const accountNumber = `PT${unique}`.slice(0, 32);
  const created = await request.post('/api/accounts/accounts/', {
    headers: auth,
    data: { broker: 'paper', name: 'Paper desk', account_number: accountNumber, api_key: `key_${unique}`, api_secret: `secret_${unique}_x`, capital },
  });
  if (created.status() !== 201) throw new Error(`linking answered ${created.status()}: ${await created.text()}`);
  const accountId = ((await created.json()) as { broker_accounts: { id: number } }).broker_accounts.id;
  await logInToPaperBroker(request, token, accountId, accountNumber, `key_${unique}`);
  const portfolio = await request.post('/api/portfolios/portfolios/', { headers: auth, data: { broker_account: accountId, name: 'Desk portfolio', capital: 500000 } });
  if (portfolio.status() !== 201) throw new Error(`portfolio answered ${portfolio.status()}: ${await portfolio.text()}`);
  const portfolioId = ((await portfolio.json()) as { portfolios: { id: number } }).portfolios.id;
  await storeSessionToken(page, token);
  return { token, accountNumber, accountId, portfolioId, apiKey: `key_${unique}` };
}

type Instrument = { tradingsymbol: string; strike: number; instrument_type: 'CE' | 'PE' };

/**
 * A position through the API, as if the trader had bought at the desk: one lot of NIFTY's at-the-money call,
 * for the account or, given one, its portfolio.
 */
export async function buyOneLot(page: Page, user: TradingUser, portfolioId?: number, product: 'NRML' | 'MIS' = 'NRML'): Promise<number> {
  return (await buyOneCall(page, user, { portfolioId, product })).status;
}

/**
 * One lot of a NIFTY call of the nearest expiry bought at MARKET through the API: at the money, or at the
 * highest strike listed (so far out of the money that nobody bids it); answers the status and the contract.
 */
export async function buyOneCall(
  page: Page,
  user: TradingUser,
  { strike = 'atm', portfolioId, product = 'NRML' }: { strike?: 'atm' | 'highest'; portfolioId?: number | undefined; product?: 'NRML' | 'MIS' },
): Promise<{ status: number; tradingsymbol: string }> {
  const auth = { authorization: `Bearer ${user.token}` };
  const expiries = (await (await page.request.get('/api/market/expiries/?index=NIFTY', { headers: auth })).json()) as { expiries: Array<{ date: string }> };
  const listed = (await (
    await page.request.get(`/api/market/instruments/?index=NIFTY&expiry=${expiries.expiries[0]!.date}`, { headers: auth })
  ).json()) as { instruments: Instrument[]; lot_size: number };
  const strikes = [...new Set(listed.instruments.map((instrument) => instrument.strike))];
  const chosen = strike === 'atm' ? strikes[Math.floor(strikes.length / 2)] : Math.max(...strikes);
  const call = listed.instruments.find((instrument) => instrument.strike === chosen && instrument.instrument_type === 'CE')!;
  const order = { tradingsymbol: call.tradingsymbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product, quantity: listed.lot_size };
  const placed = await page.request.post('/api/order-book/order-book/place_trades/', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { account_number: user.accountNumber, ...(portfolioId === undefined ? {} : { portfolio_id: portfolioId }), orders: [order] },
  });
  return { status: placed.status(), tradingsymbol: call.tradingsymbol };
}

/** A buy of one lot of the at-the-money NIFTY call at ₹0.05, far under the market: it stays working until something cancels it. */
export async function placeWorkingOrder(page: Page, user: TradingUser): Promise<APIResponse> {
  const auth = { authorization: `Bearer ${user.token}` };
  const expiries = (await (await page.request.get('/api/market/expiries/?index=NIFTY', { headers: auth })).json()) as { expiries: Array<{ date: string }> };
  const listed = (await (await page.request.get(`/api/market/instruments/?index=NIFTY&expiry=${expiries.expiries[0]!.date}`, { headers: auth })).json()) as {
    instruments: Array<{ tradingsymbol: string; instrument_type: string; strike: number }>;
    lot_size: number;
  };
  const strikes = [...new Set(listed.instruments.map((item) => item.strike))].sort((a, b) => a - b);
  const call = listed.instruments.find((item) => item.strike === strikes[Math.floor(strikes.length / 2)] && item.instrument_type === 'CE')!;
  return page.request.post('/api/order-book/order-book/place_trades/', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: {
      account_number: user.accountNumber,
      portfolio_id: user.portfolioId,
      orders: [{ tradingsymbol: call.tradingsymbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: listed.lot_size, price: 0.05 }],
    },
  });
}

/**
 * The room left in a select once its chosen option's text is drawn (padding aside, the arrow inside the padding):
 * negative when the text is cut ("Intrajournalier (MIS)" read "Intrajournalier" in a half-width column).
 */
export function roomAfterChosenText(select: Locator): Promise<number> {
  return select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(element.selectedOptions[0]!.text).width;
    return element.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd) - text;
  });
}

/**
 * Buys one lot from an open ticket of a live account: the day's first live order asks first, naming the account
 * and its client ID at the broker, and goes out on "Send with real money"; the ticket then says it filled.
 */
export async function buyOneLotLive(page: Page, ticket: Locator, account: { name: string; clientId: string }): Promise<void> {
  await ticket.getByLabel('Lots').fill('1');
  await ticket.getByRole('button', { name: /^Buy \u2068?\d/ }).click();
  await ticket.getByRole('button', { name: 'Confirm' }).click();
  const question = page.getByRole('alertdialog', { name: new RegExp(`^Live First live order today on .*${account.name}`) });
  await expect(question).toContainText(new RegExp(`client ID \u2068?${account.clientId}`));
  await question.getByRole('button', { name: 'Send with real money' }).click();
  await expect(ticket.getByRole('status').filter({ hasText: /filled at/ })).toBeVisible();
}
