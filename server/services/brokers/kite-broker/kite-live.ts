// Everything live trading on Kite Connect needs, built once: the account sessions, the trading adapter, the
// BrokerAdapter the registry lists (login, log-out, trading), the postback receiver and the leader's
// periodic /orders read, the day's instruments dump and the accounts' live prices (the ticker), whose order
// updates are applied as postbacks are.
import { productionKiteEndpoints, type KiteEndpoints } from '../kite/kite-endpoints.ts';
import { createKiteHttp } from '../kite/kite-http.ts';
import { createLiveSessions, type LiveAdapter, type LiveAdapterOptions } from '../live/live-sessions.ts';
import type { KiteOrderUpdate } from '../kite/kite-order-types.ts';
import { toPaise } from '../paper/paise.ts';
import { timerWait, type Wait } from '../../clock.ts';
import { createKiteBroker } from './kite-broker.ts';
import { wireOrderOfKite } from './kite-wire.ts';
import { createKiteCandles, type KiteCandles } from './kite-candles.ts';
import { createKiteTrading, type KiteTrading } from './kite-trading.ts';
import { createKitePostbacks, type KitePostbacks } from './postbacks.ts';
import { createOrderSync } from '../live/order-sync.ts';
import { createKiteInstrumentLoad, type KiteInstrumentLoad } from './instrument-load.ts';
import { createKiteLivePrices, type KiteLivePrices, type TickerTuning } from './kite-feed.ts';
import type { KiteLimits } from './kite-limits.ts';

export type KiteLiveOptions = LiveAdapterOptions<KiteEndpoints> & {
  /** Tests only: other limits than Kite's published ones. */
  limits?: KiteLimits | undefined;
  /** Tests only: the ticker's timers (stepped by hand), its silence limit and its backoff. */
  ticker?: TickerTuning | undefined;
  /** How historical requests wait for their slot (a timer; tests move their clock). */
  wait?: Wait | undefined;
};

export type KiteLive = LiveAdapter<KiteEndpoints, KiteTrading> & {
  postbacks: KitePostbacks;
  instruments: KiteInstrumentLoad;
  prices: KiteLivePrices;
  /** Index minute candles from the historical API, split and paced as Kite requires. */
  candles: KiteCandles;
};

export function createKiteLive({ db, clock, secrets, endpoints = productionKiteEndpoints, fetch, timeoutMs, limits, ticker, wait = timerWait }: KiteLiveOptions): KiteLive {
  const sessions = createLiveSessions({ db, clock, secrets, httpOf: (apiKey, accessToken) => createKiteHttp({ apiRoot: endpoints.apiRoot, apiKey, accessToken, fetch, timeoutMs }) });
  const instruments = createKiteInstrumentLoad({ db, clock });
  const prices = createKiteLivePrices({
    db,
    clock,
    sessions,
    instruments,
    tickerUrl: endpoints.tickerUrl,
    tuning: ticker,
    // A ticker only starts on a later pass or stream, once `trading` exists.
    onOrderUpdate: (accountId, update, warn) =>
      void applyTickerUpdate(accountId, update).catch((error: unknown) => warn({ err: error, accountId }, "a Kite ticker's order update could not be applied")),
  });
  const trading = createKiteTrading({ db, clock, sessions, prices, limits, wait });

  async function applyTickerUpdate(accountId: number, update: KiteOrderUpdate): Promise<void> {
    const { rows } = await db.query<{ account_number: string; capital: string }>('SELECT account_number, capital FROM broker_accounts WHERE id = $1', [accountId]);
    const row = rows[0];
    if (row === undefined) return;
    await trading.updates.apply({ id: accountId, accountNumber: row.account_number, capitalPaise: toPaise(Number(row.capital)) }, [wireOrderOfKite(update)]);
  }

  return {
    instruments,
    prices,
    // Kite Connect's order API documents no field for an algo ID: Zerodha marks its API orders itself.
    broker: createKiteBroker({ sessions, loginUrl: endpoints.loginUrl, trading, compliance: { orderWindows: trading.orderWindows, algoField: null, defaultAlgoName: null } }),
    trading,
    postbacks: createKitePostbacks({ db, secrets, updates: trading.updates }),
    orderSync: createOrderSync({ db, clock, trading }),
    endpoints,
    candles: createKiteCandles({ clock, wait, calls: trading.calls }),
  };
}
