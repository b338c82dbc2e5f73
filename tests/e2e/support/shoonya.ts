/**
 * The Noren test server in Shoonya's configuration that start-server.ts runs beside the reference server
 * (E2E_SHOONYA_PORT, E2E_PORT + 4 by default), driven over HTTP through its /__control endpoints
 * (tests/noren-server/http-control.ts): register an OAuth app, list the desk's contracts, read a user's book.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { deskContracts } from './desk-contracts';

export const shoonyaURL = `http://127.0.0.1:${process.env.E2E_SHOONYA_PORT ?? Number(process.env.E2E_PORT ?? '4780') + 4}`;

/** A Shoonya OAuth app (its client id is the account's API key, and its secret) of a trader's own, and the user ID that logs in to it. */
export type ShoonyaApp = { userId: string; apiKey: string; apiSecret: string };

/** The password the test server's login page takes. */
export const shoonyaPassword = 'secret';

let counter = 0;

/** A fresh app and user ID per test, so specs never share a Shoonya order book or session. */
export function newShoonyaApp(): ShoonyaApp {
  counter += 1;
  const unique = `${Date.now()}${process.pid}${counter}`;
  return { userId: `FA${unique.slice(-6)}`, apiKey: `shoonyaapp${unique.slice(-10)}`, apiSecret: `shoonyasecret${unique.slice(-10)}` };
}

async function control(request: APIRequestContext, name: string, body: object = {}): Promise<unknown> {
  const response = await request.post(`${shoonyaURL}/__control/${name}`, { data: body });
  expect(response.status(), `/__control/${name}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
}

/** Registers the OAuth app at Shoonya with the redirect URL the account form showed. */
export async function registerShoonyaApp(request: APIRequestContext, app: ShoonyaApp, redirectUrl: string): Promise<void> {
  await control(request, 'apps', { apiKey: app.apiKey, apiSecret: app.apiSecret, redirectUrl, userId: app.userId });
}

export type ShoonyaOrder = { norenordno: string; status: string; remarks: string; qty: string; avgprc: string };

/** Noren's own record of one user's orders (the test server's book). */
export async function shoonyaOrders(request: APIRequestContext, app: ShoonyaApp): Promise<ShoonyaOrder[]> {
  return (await control(request, 'orders', { uid: app.userId })) as ShoonyaOrder[];
}

/**
 * Lists NIFTY's nearest contracts in Noren's scrip master as the desk shows them (token = the desk's instrument
 * token), so StrikeDesk finds their trading symbols. StrikeDesk reads the scrip master once an IST day: list them
 * before the day's first Shoonya order or margin.
 */
export async function listDeskContractsAtShoonya(request: APIRequestContext, token: string): Promise<void> {
  const { expiry, lotSize, contracts } = await deskContracts(request, token);
  await control(request, 'contracts', {
    contracts: contracts.map((contract) => ({ token: String(contract.instrument_token), underlying: 'NIFTY', expiry, strike: contract.strike, kind: contract.instrument_type, lot: lotSize })),
  });
}
