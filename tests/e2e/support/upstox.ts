/**
 * The Upstox-compatible test server that start-server.ts runs beside the reference server (E2E_UPSTOX_PORT,
 * E2E_PORT + 2 by default), driven over HTTP through its /__control endpoints (tests/upstox-server/README.md):
 * register an app, list the desk's contracts, read a user's book, expire every access token of an app.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { deskContracts } from './desk-contracts';

export const upstoxURL = `http://127.0.0.1:${process.env.E2E_UPSTOX_PORT ?? Number(process.env.E2E_PORT ?? '4780') + 2}`;

/** An Upstox app of a trader's own and the UCC (client ID) that logs in to it. */
export type UpstoxApp = { ucc: string; apiKey: string; apiSecret: string };

/** The PIN the test server's login dialog takes. */
export const upstoxPin = 'secret';

let counter = 0;

/** A fresh app and UCC per test, so specs never share an Upstox order book or session. */
export function newUpstoxApp(): UpstoxApp {
  counter += 1;
  const unique = `${Date.now().toString(36)}${process.pid}${counter}`.toUpperCase();
  return { ucc: `UP${unique.slice(-6)}`, apiKey: `upstox_${unique}`.toLowerCase(), apiSecret: `upstox_secret_${unique}`.toLowerCase() };
}

async function control(request: APIRequestContext, name: string, body: object = {}): Promise<unknown> {
  const response = await request.post(`${upstoxURL}/__control/${name}`, { data: body });
  expect(response.status(), `/__control/${name}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
}

/** Registers the app at Upstox with the redirect URL the account form showed, as in Upstox's developer console. */
export async function registerUpstoxApp(request: APIRequestContext, app: UpstoxApp, redirectUri: string): Promise<void> {
  await control(request, 'apps', { apiKey: app.apiKey, apiSecret: app.apiSecret, redirectUri, userId: app.ucc, password: upstoxPin });
}

/** The app's access tokens answer 401 UDAPI100050 from now on, as after 03:30 IST. Only this app's. */
export async function expireUpstoxTokens(request: APIRequestContext, app: UpstoxApp): Promise<void> {
  await control(request, 'expire-tokens', { apiKey: app.apiKey });
}

export type UpstoxOrder = { order_id: string; status: string; trading_symbol: string; quantity: number; tag: string | null };

/** Upstox's own record of one UCC's orders (the test server's book). */
export async function upstoxOrders(request: APIRequestContext, app: UpstoxApp): Promise<UpstoxOrder[]> {
  return (await control(request, 'orders', { user_id: app.ucc })) as UpstoxOrder[];
}

/**
 * Lists NIFTY's nearest contracts at Upstox as the desk shows them (instrument keys NSE_FO|<desk token>), so
 * the instrument file names them. StrikeDesk reads that file once an IST day, at its first lookup of an F&O
 * contract on Upstox (an order, a margin, a contract a feed follows; an index's or equity's key reads nothing):
 * list them before that. The suite's clock stays on one day, so the first spec to cause the read fixes the file.
 */
export async function listDeskContractsAtUpstox(request: APIRequestContext, token: string): Promise<void> {
  const { expiry, lotSize, contracts } = await deskContracts(request, token);
  const instruments = contracts.map((contract) => ({
    instrument_key: `NSE_FO|${contract.instrument_token}`,
    trading_symbol: contract.tradingsymbol,
    exchange: 'NFO',
    segment: 'NSE_FO',
    lot_size: lotSize,
    tick_size: 0.05,
    freeze_quantity: 1800,
    index: false,
    option: { underlying: 'NIFTY', expiry, strike: contract.strike, kind: contract.instrument_type },
  }));
  await control(request, 'instruments', { instruments });
}

/** Moves an instrument's last price at Upstox (`NSE_EQ|<ISIN>`, rupees): its market feed sends it to whoever follows it. */
export async function setUpstoxQuote(request: APIRequestContext, instrumentKey: string, last: number): Promise<void> {
  await control(request, 'quote', { instrument_key: instrumentKey, last });
}
