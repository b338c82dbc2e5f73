// Live trading on Dhan: the broker-neutral core (../live/) on Dhan's wire (dhan-wire.ts), with what is Dhan's own:
// its contracts (the scrip master's security ids), its limits, its funds and margins (dhan-funds.ts). Dhan
// publishes 25 order requests a second, 250 a minute, 1,000 an hour and 7,000 a day, and 25 modifications an
// order (https://dhanhq.co/docs/v2/, "Rate Limit"); SEBI's retail algo framework caps an algo at 10 orders a
// second per client, so the second's window is 10 (docs/live-trading.md). The account's sessions are given (the
// broker-neutral store over Dhan's client); the stream carries order changes and, given them, the account's
// live prices from Dhan's market feed (dhan-feed.ts).
import type { Database } from '../../../db/database.ts';
import type { Clock, Wait } from '../../clock.ts';
import { dhanTexts, type DhanLimit } from '../../texts/dhan-texts.ts';
import type { BrokerTrading } from '../broker-trading.ts';
import { adapterLimits, createAdapterTrading } from '../live/adapter-trading.ts';
import type { LivePrices } from '../live/live-prices.ts';
import { brokerLimits, type LiveLimits } from '../live/rate-limits.ts';
import type { LiveSession } from '../live/live-sessions.ts';
import { activateKillSwitch, killSwitchStatus } from '../dhan/dhan-account.ts';
import type { DhanHttp } from '../dhan/dhan-http.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import { createDhanCalls } from './dhan-calls.ts';
import type { DhanContracts } from './dhan-contracts.ts';
import { createDhanFunds } from './dhan-funds.ts';
import { createDhanWire } from './dhan-wire.ts';

/** Beyond SEBI's 10 a second (../live/rate-limits.ts), Dhan's own windows; its quote APIs allow 1 request a second. */
export const dhanLimits: LiveLimits<DhanLimit> = brokerLimits<DhanLimit>({
  windows: [
    { limit: 'orders_minute', count: 250, windowMs: 60_000 },
    { limit: 'orders_hour', count: 1000, windowMs: 60 * 60_000 },
    { limit: 'orders_day', count: 7000, windowMs: 'day' },
  ],
  quotesPerSecond: 1,
  refusal: dhanTexts.rateLimited,
});

export type DhanTradingOptions = {
  db: Database;
  clock: Clock;
  sessions: { sessionOf: (accountId: number) => Promise<LiveSession<DhanHttp> | null> };
  contracts: DhanContracts;
  /** Tests only: other limits than Dhan's published ones. */
  limits?: LiveLimits<DhanLimit> | undefined;
  /** How the kill switch's cancellations wait for room in Dhan's windows (a timer; tests move their clock). */
  wait?: Wait | undefined;
  /** The accounts' live prices (Dhan's market feed), streamed with their order changes. */
  prices?: LivePrices | undefined;
};

export function createDhanTrading({ db, clock, sessions, contracts, limits: figures = dhanLimits, wait, prices }: DhanTradingOptions) {
  const calls = createDhanCalls({ db, clock, sessions });
  const counted = { db, clock, figures };
  const money = createDhanFunds({ db, clock, calls, contracts });
  const trading = createAdapterTrading({ ...counted, wire: createDhanWire(calls, contracts), contracts, limits: adapterLimits({ ...counted, wait }), money, prices });
  // Dhan's own kill switch (https://dhanhq.co/docs/v2/traders-control/), turned on by StrikeDesk's once the
  // account is flat: Dhan then refuses every order on it for the rest of the day, from any platform.
  const brokerKillSwitch: NonNullable<BrokerTrading['brokerKillSwitch']> = {
    name: 'Dhan',
    arm: async (account) => void (await calls.withBroker(account, 'order', kiteCalls.brokerKillSwitch, (session) => activateKillSwitch(session.http))),
    isOn: (account) => calls.withBroker(account, 'read', kiteCalls.brokerKillSwitch, (session) => killSwitchStatus(session.http)),
  };
  return { ...trading, brokerKillSwitch, calls };
}

export type DhanTrading = ReturnType<typeof createDhanTrading>;
