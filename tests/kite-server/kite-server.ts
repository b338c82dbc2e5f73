// A Kite Connect v3 compatible server for tests, on 127.0.0.1 only: REST API, login page, ticker WebSocket,
// postbacks, an order book with simple matching, and a control surface (`control` in process, or
// /__control/* over HTTP for browser tests) to move prices, fill or reject orders, expire tokens and inject
// faults. See README.md beside this file.
import { createHoldings } from './holdings.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApps, type AppConfig } from './apps.ts';
import { createExchangeHours, type HoursMode } from './exchange-hours.ts';
import { createHistorical } from './historical.ts';
import { createControl, handleControl, type ExtraControls, type KiteControl } from './control.ts';
import { sendError } from './http-util.ts';
import { defaultInstruments, type ServerInstrument } from './instruments-data.ts';
import { showLogin, submitLogin } from './login-page.ts';
import { createMarket } from './market.ts';
import { createOrderBook } from './order-book.ts';
import { createPostbacks } from './postbacks.ts';
import { createRateLimiter } from './rate-limit.ts';
import { readBody } from './http-util.ts';
import { type Faults, handleRest } from './rest-routes.ts';
import { createTickerHub } from './ticker-hub.ts';

export type KiteServerOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  clock?: () => Date;
  instruments?: ServerInstrument[];
  /** Heartbeat period of the ticker; 0 sends none unless a test asks (control.sendTickerHeartbeat). */
  heartbeatMs?: number;
  apps?: AppConfig[];
  /** 'exchange': Kite's hours (regular orders only while the exchange trades, AMOs outside); 'always' (default): never closed. */
  hours?: HoursMode;
  /** More /__control/* actions, for a server the same process runs beside this one (the browser tests' reference server). */
  extraControls?: ExtraControls;
};

export type KiteTestServer = {
  /** http://127.0.0.1:<port> */
  url: string;
  /** KITE_API_ROOT */
  apiRoot: string;
  /** KITE_LOGIN_URL */
  loginUrl: string;
  /** KITE_TICKER_URL */
  tickerUrl: string;
  control: KiteControl;
  close: () => Promise<void>;
};

export async function startKiteServer(options: KiteServerOptions = {}): Promise<KiteTestServer> {
  const clock = options.clock ?? (() => new Date());
  const apps = createApps(clock);
  const market = createMarket(options.instruments ?? defaultInstruments(), clock);
  const postbacks = createPostbacks();
  const hub = createTickerHub({ apps, market, heartbeatMs: options.heartbeatMs ?? 1000 });
  const hours = createExchangeHours(clock, options.hours ?? 'always');
  const book = createOrderBook({
    market,
    clock,
    hours,
    onChange: (account, order, change) => {
      const app = apps.get(account.apiKey);
      if (!app) return;
      hub.orderUpdate(app, order);
      if (change !== 'state') postbacks.deliver(app, order, change === 'final' ? order.status : 'UPDATE');
    },
  });
  const faults: Faults = { answer429Next: false, dropNextPlaceAnswer: false };
  const historical = createHistorical(market, clock);
  const holdings = createHoldings();
  const context = { apps, market, book, limiter: createRateLimiter(clock), faults, historical, holdings };
  const control = createControl({ apps, market, book, hub, postbacks, faults, hours, clock, historical, holdings });
  for (const app of options.apps ?? []) apps.register(app);

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = async () => {
      if (url.pathname.startsWith('/__control/')) return handleControl(control, request, response, url, options.extraControls);
      if (url.pathname === '/connect/login' && request.method === 'GET') return showLogin(apps, url.searchParams, response);
      if (url.pathname === '/connect/login' && request.method === 'POST') return submitLogin(apps, new URLSearchParams(await readBody(request)), response);
      return handleRest(context, request, response, url);
    };
    route().catch((error: unknown) => sendError(response, error));
  });
  // Node closes a kept-alive socket after 5 idle seconds; a client that sends on it just then reads ECONNRESET
  // (the browser tests' control calls did, once). Idle sockets stay open for the test instead; close() ends them.
  server.keepAliveTimeout = 120_000;
  server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://127.0.0.1').pathname === '/ticker') hub.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    apiRoot: url,
    loginUrl: `${url}/connect/login`,
    tickerUrl: `ws://127.0.0.1:${port}/ticker`,
    control,
    async close() {
      hub.close();
      await postbacks.settle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
