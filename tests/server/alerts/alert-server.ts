// A server for the alerts tests: the paper broker on scripted quotes, price alerts on scripted last prices,
// push endpoints allowed on the hosts a test names (its local push service's origin on 127.0.0.1), and a
// clock the test moves.
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import type { Services, TradingHooks } from '../../../server/services/services.ts';
import type { HostResolver } from '../../../server/services/alerts/push-targets.ts';
import type { LastPriceSource } from '../../../server/services/alerts/watchers/price-watcher.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { scriptedMarket, type ScriptedMarket } from '../support/paper-desk.ts';
import type { TestBackend } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type ManualClock, type TestServer } from '../support/test-server.ts';

export type Schemas = components['schemas'];

/** Last prices a test sets, in rupees, by symbol (NIFTY, or an option's tradingsymbol). */
export function scriptedLastPrices() {
  const prices = new Map<string, number>();
  const source: LastPriceSource = async (symbols) =>
    new Map(symbols.flatMap(({ symbol }) => (prices.has(symbol) ? [[symbol, Math.round(prices.get(symbol)! * 100)] as const] : [])));
  return { source, set: (symbol: string, rupees: number) => prices.set(symbol, rupees) };
}

export type AlertServer = {
  server: TestServer;
  call: ContractCall;
  market: ScriptedMarket;
  lastPrices: ReturnType<typeof scriptedLastPrices>;
  services: Services;
  clock: ManualClock;
  close: () => Promise<void>;
};

export type AlertServerOptions = {
  /** Another server's database, to run two instances on one. */
  database?: Database;
  /** Where push may go (PUSH_SERVICE_HOSTS, the browsers' push services when absent) and a scripted DNS. */
  push?: { serviceHosts?: readonly string[]; resolve?: HostResolver };
  /** A step injected into the order pipeline or the kill switch (the kill switch's flatten held open). */
  tradingHooks?: TradingHooks;
};

export async function startAlertServer(backend: TestBackend, start: Date, { database, push = {}, tradingHooks }: AlertServerOptions = {}): Promise<AlertServer> {
  const clock = manualClock(start);
  const market = scriptedMarket(clock);
  const lastPrices = scriptedLastPrices();
  const server = await startTestServer({
    backend,
    clock,
    ...(database === undefined ? {} : { database }),
    market: { seed: 'alerts', demo: true, tickMs: 1000 },
    prices: market.source,
    alertPrices: () => lastPrices.source,
    push: { ...push, subject: 'mailto:ops@strikedesk.example.com' },
    ...(tradingHooks === undefined ? {} : { tradingHooks }),
  });
  return {
    server,
    call: guardedClient(server.app),
    market,
    lastPrices,
    services: server.app.getDecorator<Services>(servicesDecorator),
    clock,
    close: () => server.close(),
  };
}

/** The id of the user a test signed up (by email). */
export async function userIdOf(db: Database, email: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  if (rows[0] === undefined) throw new Error(`no user ${email}`);
  return rows[0].id;
}

export async function feed(call: ContractCall, token: string, query: Record<string, string> = {}): Promise<Schemas['AlertsResponse']> {
  const res = await call<Schemas['AlertsResponse']>('getAlerts', { token, query });
  if (res.status !== 200) throw new Error(`getAlerts answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
