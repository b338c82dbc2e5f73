// Live trading on a Noren broker: the broker-neutral core (../live/) on Noren's wire (noren-wire.ts), with what is
// the broker's own: its contracts (the scrip master's tokens and trading symbols), its limits, its funds and
// margins (noren-funds.ts). Noren publishes no order rate for Shoonya or Flattrade; SEBI's retail algo framework
// caps an algo at 10 orders a second per client (docs/live-trading.md), so the second's window is 10, counted in
// the database across instances (../live/rate-limits.ts), with 200 a minute as Kite's own ceiling.
import type { Database } from '../../../db/database.ts';
import type { Clock, Wait } from '../../clock.ts';
import type { NorenLimit, NorenTexts } from '../../texts/noren-texts.ts';
import type { LivePrices } from '../live/live-prices.ts';
import { adapterLimits, createAdapterTrading } from '../live/adapter-trading.ts';
import { brokerLimits, type LiveLimits } from '../live/rate-limits.ts';
import type { LiveSession } from '../live/live-sessions.ts';
import type { NorenHttp } from '../noren/noren-http.ts';
import { createNorenCalls } from './noren-calls.ts';
import type { NorenContracts } from './noren-contracts.ts';
import type { NorenFailures } from './noren-failures.ts';
import { createNorenFunds } from './noren-funds.ts';
import { createNorenWire } from './noren-wire.ts';

/** Beyond SEBI's 10 a second (../live/rate-limits.ts), 200 a minute as Kite's own ceiling; quotes 1 a second. */
export function norenLimits(texts: NorenTexts): LiveLimits<NorenLimit> {
  return brokerLimits<NorenLimit>({ windows: [{ limit: 'orders_minute', count: 200, windowMs: 60_000 }], quotesPerSecond: 1, refusal: texts.rateLimited });
}

export type NorenTradingOptions = {
  db: Database;
  clock: Clock;
  slug: string;
  sessions: { sessionOf: (accountId: number) => Promise<LiveSession<NorenHttp> | null> };
  contracts: NorenContracts;
  failures: NorenFailures;
  texts: NorenTexts;
  /** Tests only: other limits. */
  limits?: LiveLimits<NorenLimit> | undefined;
  wait?: Wait | undefined;
  /** The accounts' live prices (Noren's websocket), streamed with the order changes. */
  prices?: LivePrices | undefined;
};

export function createNorenTrading({ db, clock, slug, sessions, contracts, failures, texts, limits: figures = norenLimits(texts), wait, prices }: NorenTradingOptions) {
  const calls = createNorenCalls({ db, clock, sessions, broker: failures.live });
  const counted = { db, clock, figures };
  const wire = createNorenWire({ db, slug, calls, contracts, failures, clock });
  const money = createNorenFunds({ db, clock, slug, calls, contracts });
  return { ...createAdapterTrading({ ...counted, wire, contracts, limits: adapterLimits({ ...counted, wait }), money, prices }), calls };
}

export type NorenTrading = ReturnType<typeof createNorenTrading>;
