/**
 * The Noren test servers that start-server.ts runs beside the reference server, one in Shoonya's configuration
 * (E2E_SHOONYA_PORT, E2E_PORT + 4 by default) and one in Flattrade's (E2E_FLATTRADE_PORT, E2E_PORT + 5), driven
 * over HTTP through their /__control endpoints (tests/noren-server/http-control.ts): register an app, list the
 * desk's contracts, read a user's book.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { deskContracts } from './desk-contracts';

export type NorenBroker = 'shoonya' | 'flattrade';

const e2ePort = Number(process.env.E2E_PORT ?? '4780');
const norenURLs: Record<NorenBroker, string> = {
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

export type NorenOrder = { norenordno: string; status: string; remarks: string; qty: string; avgprc: string };

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
