/**
 * The Dhan-compatible test server that start-server.ts runs beside the reference server (E2E_DHAN_PORT,
 * E2E_PORT + 3 by default), driven over HTTP through its /__control endpoints (tests/dhan-server/http-control.ts):
 * register an app, list the desk's contracts, read a client's book, issue a token as web.dhan.co does.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { BrokerAccountsPage, type KiteConsoleUrls } from '../pages/broker-accounts-page';
import { deskContracts } from './desk-contracts';
import { readStoredValue, signInAsNewUser } from './session';

/** Where the Dhan test server is: the shared suite's, or a spec's own on a clocked server (which sets `url`). */
export const dhanServer = { url: `http://127.0.0.1:${process.env.E2E_DHAN_PORT ?? Number(process.env.E2E_PORT ?? '4780') + 3}` };

/** A Dhan app (API key and secret) of a trader's own and the client ID that logs in to it. */
export type DhanApp = { clientId: string; appId: string; appSecret: string };

/** The PIN the test server's login page takes. */
export const dhanPin = 'secret';

let counter = 0;

/** A fresh app and client ID per test, so specs never share a Dhan order book or session. */
export function newDhanApp(): DhanApp {
  counter += 1;
  const unique = `${Date.now()}${process.pid}${counter}`;
  return { clientId: `11${unique.slice(-8)}`, appId: `dhanapp${unique.slice(-10)}`, appSecret: `dhansecret${unique.slice(-10)}` };
}

async function control(request: APIRequestContext, name: string, body: object = {}): Promise<unknown> {
  const response = await request.post(`${dhanServer.url}/__control/${name}`, { data: body });
  expect(response.status(), `/__control/${name}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
}

/** Registers the app at Dhan with the redirect URL the account form showed, as on web.dhan.co. */
export async function registerDhanApp(request: APIRequestContext, app: DhanApp, redirectUrl: string): Promise<void> {
  await control(request, 'apps', { appId: app.appId, appSecret: app.appSecret, redirectUrl, clientId: app.clientId });
}

/** A token as web.dhan.co's "Access DhanHQ APIs" generates it, for the pasted-token login. */
export async function issueDhanToken(request: APIRequestContext, clientId: string): Promise<string> {
  return (await control(request, 'issue-token', { client_id: clientId })) as string;
}

export type DhanOrder = { orderId: string; orderStatus: string; correlationId: string; quantity: number; securityId: string };

/** Dhan's own record of one client's orders (the test server's book). */
export async function dhanOrders(request: APIRequestContext, app: DhanApp): Promise<DhanOrder[]> {
  return (await control(request, 'orders', { client_id: app.clientId })) as DhanOrder[];
}

export type DhanOrderWrite = { method: string; path: string; body: Record<string, unknown> };

/** Every order write that reached the test server (method, path, body as sent), oldest first. */
export async function dhanOrderWrites(request: APIRequestContext): Promise<DhanOrderWrite[]> {
  return (await control(request, 'order-writes')) as DhanOrderWrite[];
}

/**
 * Lists NIFTY's nearest contracts in Dhan's scrip master as the desk shows them (security id = the desk's
 * token), so StrikeDesk finds their security ids. StrikeDesk reads the scrip master once an IST day: list them
 * before the day's first Dhan order or margin.
 */
export async function listDeskContractsAtDhan(request: APIRequestContext, token: string): Promise<void> {
  const { expiry, lotSize, contracts } = await deskContracts(request, token);
  await control(request, 'contracts', {
    contracts: contracts.map((contract) => ({ securityId: String(contract.instrument_token), underlying: 'NIFTY', expiry, strike: contract.strike, kind: contract.instrument_type, lot: lotSize })),
  });
}

/** Moves a contract's last price at Dhan (its feed and its depth send it; the depth's levels stand a tick apart from it). */
export async function setDhanLast(request: APIRequestContext, securityId: string, price: number): Promise<void> {
  await control(request, 'last', { security_id: securityId, price });
}

/** Dhan's order update sockets stay open but send no order's change while on (alerts lost on their way). */
export async function silenceDhanOrderUpdates(request: APIRequestContext, on: boolean): Promise<void> {
  await control(request, 'silence-order-updates', { on });
}

/** The bodies Dhan would have posted to the Postback URL for the client's orders, one per change, oldest first. */
export async function dhanPostbacks(request: APIRequestContext, app: DhanApp): Promise<Array<Record<string, unknown>>> {
  return (await control(request, 'postbacks', { client_id: app.clientId })) as Array<Record<string, unknown>>;
}

/** Dhan's 20-level depth socket sends nothing, not even a ping, while on; off, it sends each followed book again. */
export async function silenceDhanDepth(request: APIRequestContext, on: boolean): Promise<void> {
  await control(request, 'silence-depth', { on });
}

/**
 * A new trader, at 1280 px, who links a first Dhan account from the accounts screen (a fresh app registered at
 * Dhan with the redirect URL the form showed, the desk's contracts listed there); not yet logged in to Dhan.
 */
export async function linkFirstDhanAccount(page: Page, name: string): Promise<{ token: string; app: DhanApp; brokers: BrokerAccountsPage; urls: KiteConsoleUrls }> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewUser(page);
  const token = String(await readStoredValue(page, 'auth_token'));
  const app = newDhanApp();
  const brokers = new BrokerAccountsPage(page);
  await brokers.open();
  await page.getByRole('region', { name: 'Link your first broker account' }).getByRole('button', { name: 'Add account' }).click();
  const urls = await brokers.linkDhanAccount({ name, clientId: app.clientId, apiKey: app.appId, apiSecret: app.appSecret, capital: '500000' });
  await registerDhanApp(page.request, app, urls.redirectUrl);
  await listDeskContractsAtDhan(page.request, token);
  return { token, app, brokers, urls };
}
