/**
 * The Noren test servers that start-server.ts runs beside the reference server, one in Shoonya's configuration
 * (E2E_SHOONYA_PORT, E2E_PORT + 4 by default) and one in Flattrade's (E2E_FLATTRADE_PORT, E2E_PORT + 5), driven
 * over HTTP through their /__control endpoints (tests/noren-server/http-control.ts): register an app, list the
 * desk's contracts, read a user's book.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { BrokerAccountsPage } from '../pages/broker-accounts-page';
import { OptionChainPage } from '../pages/option-chain-page';
import { buyOneLotLive } from './trading';
import { deskContracts } from './desk-contracts';
import { readStoredValue, signInAsNewUser } from './session';

export type NorenBroker = 'shoonya' | 'flattrade';

const e2ePort = Number(process.env.E2E_PORT ?? '4780');
/** Where each test server's controls are; a spec on a server of its own (clocked.ts) points one at its own. */
export const norenURLs: Record<NorenBroker, string> = {
  shoonya: `http://127.0.0.1:${process.env.E2E_SHOONYA_PORT ?? e2ePort + 4}`,
  flattrade: `http://127.0.0.1:${process.env.E2E_FLATTRADE_PORT ?? e2ePort + 5}`,
};

/** A Noren app of a trader's own (Shoonya's OAuth client id or Flattrade's API key, and its secret), the broker it is at, and the user ID that logs in to it. */
export type NorenApp = { broker: NorenBroker; userId: string; apiKey: string; apiSecret: string };

/** The password the test servers' login page takes. */
export const norenPassword = 'secret';

let counter = 0;

/** A fresh app and user ID per test, so specs never share a Noren order book or session. */
export function newNorenApp(broker: NorenBroker): NorenApp {
  counter += 1;
  const unique = `${Date.now()}${process.pid}${counter}`;
  return { broker, userId: `FA${unique.slice(-6)}`, apiKey: `${broker}app${unique.slice(-10)}`, apiSecret: `${broker}secret${unique.slice(-10)}` };
}

async function control(request: APIRequestContext, broker: NorenBroker, name: string, body: object = {}): Promise<unknown> {
  const response = await request.post(`${norenURLs[broker]}/__control/${name}`, { data: body });
  expect(response.status(), `${broker} /__control/${name}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
}

/** Registers the app at its broker with the redirect URL the account form showed. */
export async function registerNorenApp(request: APIRequestContext, app: NorenApp, redirectUrl: string): Promise<void> {
  await control(request, app.broker, 'apps', { apiKey: app.apiKey, apiSecret: app.apiSecret, redirectUrl, userId: app.userId });
}

export type NorenOrder = { norenordno: string; status: string; remarks: string; qty: string; avgprc: string; token: string; prd: string };

/** Noren's own record of one user's orders (the test server's book). */
export async function norenOrders(request: APIRequestContext, app: NorenApp): Promise<NorenOrder[]> {
  return (await control(request, app.broker, 'orders', { uid: app.userId })) as NorenOrder[];
}

/**
 * Lists NIFTY's nearest contracts in the broker's Noren scrip master as the desk shows them (token = the desk's
 * instrument token), so StrikeDesk finds their trading symbols. StrikeDesk reads the scrip master once an IST day:
 * list them before the day's first order or margin at that broker.
 */
export async function listDeskContractsAtNoren(request: APIRequestContext, broker: NorenBroker, token: string): Promise<void> {
  const { expiry, lotSize, contracts } = await deskContracts(request, token);
  await control(request, broker, 'contracts', {
    contracts: contracts.map((contract) => ({ token: String(contract.instrument_token), underlying: 'NIFTY', expiry, strike: contract.strike, kind: contract.instrument_type, lot: lotSize })),
  });
}

/** A MARKET order placed in the broker's own app (no StrikeDesk tag) on the desk's contract `token`, filled at the broker's last price. */
export async function placeFromNorenApp(request: APIRequestContext, app: NorenApp, token: string, order: { trantype: 'B' | 'S'; qty: number; last: number; prd?: string }): Promise<void> {
  await control(request, app.broker, 'last', { token, price: order.last });
  await control(request, app.broker, 'from-app', { uid: app.userId, token, trantype: order.trantype, qty: String(order.qty), ...(order.prd === undefined ? {} : { prd: order.prd }) });
}

/** The broker's last price of the desk's contract `token`: its feed's touchline and depth move with it (depth: five levels a tick apart). */
export async function setNorenLast(request: APIRequestContext, broker: NorenBroker, token: string, price: number, uid?: string): Promise<void> {
  await control(request, broker, 'last', { token, price, ...(uid === undefined ? {} : { uid }) });
}

/**
 * While `on`, the broker's websocket sends nothing (no price, no answer, no pong): a feed gone quiet, as out of hours.
 * With `uid`, to that user's sockets alone, so specs beside it on the shared test server keep their feed.
 */
export async function silenceNorenFeed(request: APIRequestContext, broker: NorenBroker, on: boolean, uid?: string): Promise<void> {
  await control(request, broker, 'silence-feed', { on, ...(uid === undefined ? {} : { uid }) });
}

/** A stock the user holds in demat at the broker (tests/noren-server/holdings.ts HoldingSeed). */
export type NorenHoldingSeed = { tsym: string; token: string; isin: string; holdqty: number; btstqty?: number; upldprc: number; last: number };

/** Sets the user's demat holdings at the broker (its Holdings answer), replacing those set before. */
export async function holdAtNoren(request: APIRequestContext, app: NorenApp, holdings: NorenHoldingSeed[]): Promise<void> {
  await control(request, app.broker, 'holdings', { uid: app.userId, holdings });
}

/**
 * A new trader, at 1280 px, links a first Shoonya or Flattrade account (account number = the broker's user ID; the
 * form shows `<origin>/app/broker/<broker>/callback` to register for the app), which reads Live, never Paper, and
 * logged out; then logs in through the broker's Noren login page and comes back through the callback with its code,
 * which StrikeDesk exchanges with the broker's checksum (the test server refuses any other). Answers the return URL.
 */
export async function linkAndLogInNoren(page: Page, broker: NorenBroker, name: string, origin: string): Promise<{ app: NorenApp; brokers: BrokerAccountsPage; returnUrl: URL }> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewUser(page);
  const token = String(await readStoredValue(page, 'auth_token'));
  const app = newNorenApp(broker);
  const brokers = new BrokerAccountsPage(page);
  await brokers.open();
  await page.getByRole('region', { name: 'Link your first broker account' }).getByRole('button', { name: 'Add account' }).click();
  const account = { name, clientId: app.userId, apiKey: app.apiKey, apiSecret: app.apiSecret, capital: '500000' };
  const urls = await (broker === 'shoonya' ? brokers.linkShoonyaAccount(account) : brokers.linkFlattradeAccount(account));
  expect(urls.redirectUrl).toBe(`${origin}/app/broker/${broker}/callback`);
  await registerNorenApp(page.request, app, urls.redirectUrl);
  await listDeskContractsAtNoren(page.request, broker, token);
  const row = brokers.row(name);
  await expect(row.locator('[data-trading-mode="live"]')).toHaveText('Live');
  await expect(row.locator('[data-trading-mode="paper"]')).toHaveCount(0);
  await expect(row).toContainText('Logged out');

  const returnUrl = new URL(await brokers.logInToNoren(broker, name, app.userId, norenPassword));
  expect(returnUrl.pathname).toBe(`/app/broker/${broker}/callback`);
  expect(returnUrl.searchParams.get('code')).toBeTruthy();
  await expect(row).toContainText('Logged in until');
  return { app, brokers, returnUrl };
}

/**
 * From the desk's chain, a lot of the at-the-money call bought live on the logged-in account `name` (the ticket Live,
 * never Paper; the day's first live order asks first, naming the account): the broker books it COMPLETE with
 * StrikeDesk's tag as its `remarks` (how a lost answer is found again), and the order book shows it Complete, Live.
 */
export async function buyAtmCallLiveAtNoren(page: Page, app: NorenApp, name: string): Promise<NorenOrder> {
  await page.goto('/app/dashboards/live-trade');
  const ticket = await new OptionChainPage(page).openAtmCallTicket();
  await expect(ticket.locator('[data-trading-mode="live"]')).toHaveText('Live');
  await expect(ticket.locator('[data-trading-mode="paper"]')).toHaveCount(0);
  await buyOneLotLive(page, ticket, { name, clientId: app.userId });
  await expect.poll(async () => (await norenOrders(page.request, app)).map((order) => order.status)).toEqual(['COMPLETE']);
  const [order] = await norenOrders(page.request, app);
  expect(order!.remarks).toBeTruthy();

  await page.goto('/app/order_book');
  await expect(page.locator('[data-trading-mode="live"]').first()).toHaveText('Live');
  await expect(page.locator('[data-trading-mode="paper"]')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Orders' }).locator(`tr[data-order-id="${order!.norenordno}"] [data-field="status"]`)).toContainText('Complete');
  return order!;
}
