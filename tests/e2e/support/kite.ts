/**
 * The Kite-compatible test server that start-server.ts runs beside the reference server (E2E_KITE_PORT), driven
 * over HTTP through its /__control endpoints (tests/kite-server/README.md): register an app, list the desk's
 * contracts, expire every access token.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { deskContracts } from './desk-contracts';

export const kiteURL = `http://127.0.0.1:${process.env.E2E_KITE_PORT ?? Number(process.env.E2E_PORT ?? '4780') + 1}`;

export type KiteApp = { clientId: string; apiKey: string; apiSecret: string };

let counter = 0;

/** A Kite Connect app of a trader's own (unique per test, so specs never share an order book). */
export function newKiteApp(): KiteApp {
  counter += 1;
  const unique = `${Date.now().toString(36)}${process.pid}${counter}`.toUpperCase();
  return { clientId: `ZR${unique.slice(-6)}`, apiKey: `kite_${unique}`.toLowerCase(), apiSecret: `kite_secret_${unique}`.toLowerCase() };
}

async function control(request: APIRequestContext, name: string, body: object = {}): Promise<unknown> {
  const response = await request.post(`${kiteURL}/__control/${name}`, { data: body });
  expect(response.status(), `/__control/${name}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: unknown }).result;
}

/** Registers the app at Kite with the redirect URL the account form showed, as in Kite's developer console. */
export async function registerKiteApp(request: APIRequestContext, app: KiteApp, redirectUrl: string, postbackUrl: string): Promise<void> {
  await control(request, 'apps', { apiKey: app.apiKey, apiSecret: app.apiSecret, redirectUrl, postbackUrl, userId: app.clientId });
}

export const kitePassword = 'secret';

/**
 * Lists NIFTY's nearest contracts at Kite as StrikeDesk names them (its own simulated chain is what the desk
 * shows), at Kite's own stand-in price.
 */
export async function listDeskContractsAtKite(request: APIRequestContext, token: string): Promise<void> {
  const listed = await deskContracts(request, token);
  const expiry = listed.expiry;
  const instruments = listed.contracts.map((instrument) => ({
    instrument_token: instrument.instrument_token,
    exchange_token: instrument.instrument_token >> 8,
    tradingsymbol: instrument.tradingsymbol,
    name: 'NIFTY',
    last_price: 100,
    expiry,
    strike: instrument.strike,
    tick_size: 0.05,
    lot_size: listed.lotSize,
    instrument_type: instrument.instrument_type,
    segment: 'NFO-OPT',
    exchange: 'NFO',
    freeze_quantity: 1800,
  }));
  await control(request, 'instruments', { instruments });
}

/**
 * The app's access tokens fail from now on with TokenException, as at 06:00 IST or after a log-in elsewhere.
 * Only this app's: the specs share one Kite test server, and another spec's session must go on.
 */
export async function expireKiteTokens(request: APIRequestContext, app: KiteApp): Promise<void> {
  await control(request, 'expire-tokens', { apiKey: app.apiKey });
}

export type KiteOrder = { order_id: string; placed_by: string; status: string; tradingsymbol: string; transaction_type: string; quantity: number; tag: string | null };

/** Kite's own record of the orders of one client ID (the test server's book). */
export async function kiteOrders(request: APIRequestContext, clientId: string): Promise<KiteOrder[]> {
  return ((await control(request, 'orders')) as KiteOrder[]).filter((order) => order.placed_by === clientId);
}

/**
 * The last price the price-alert watcher sees for a symbol, in rupees (null: the simulated market's again): the
 * reference server beside the Kite test server reads it (scripted-alert-prices.ts), so an alert fires at once.
 */
export async function scriptAlertPrice(request: APIRequestContext, symbol: string, lastPrice: number | null): Promise<void> {
  await control(request, 'alert-price', { symbol, last_price: lastPrice });
}

/** What the local push service received at a scripted endpoint: each push's encrypted body, oldest first. */
export async function pushesReceived(request: APIRequestContext, name: string): Promise<Buffer[]> {
  return ((await control(request, 'push-received', { name })) as string[]).map((body) => Buffer.from(body, 'base64'));
}

/** A push endpoint on the e2e server's local push service that answers `status` to every push (201 if none). */
export async function scriptedPushEndpoint(request: APIRequestContext, name: string, status?: number): Promise<string> {
  return (await control(request, 'push-endpoint', { name, status })) as string;
}

/** Moves an instrument's last price at Kite (`NSE:RELIANCE`, rupees): its ticker sends it to whoever follows it. */
export async function setKitePrice(request: APIRequestContext, instrument: string, lastPrice: number): Promise<void> {
  await control(request, 'price', { instrument, last_price: lastPrice });
}
