// The hand-checked backtest's set-up (hand-computed.test.ts, real-option-minutes.test.ts): NIFTY's bhavcopy rows
// of Monday 5 October 2026 (the index at 25,010) and of Tuesday's expiry (the contracts settled with the index at
// 25,080), and a trader's short straddle sold at Monday's last minute (15:39: October 2026 closes at 15:40) and
// held into the expiry, backtested over the two days to its end.
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../../server/db/database.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { expect } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient } from '../support/trading.ts';
import { importHistory, type FixtureRow } from './history-fixture.ts';
import { runBacktest } from './paper-run.ts';

type Schemas = components['schemas'];

export const monday = '2026-10-05';
export const expiry = '2026-10-06';
const nextWeek = '2026-10-13';

/** Monday's settlement prices, and Tuesday's (the expiry's: the call at 80 with the index at 25,080). */
const rows: FixtureRow[] = [
  { day: monday, expiry, strike: 24900, type: 'CE', settle: 160 },
  { day: monday, expiry, strike: 24900, type: 'PE', settle: 40 },
  { day: monday, expiry, strike: 25000, type: 'CE', settle: 95 },
  { day: monday, expiry, strike: 25000, type: 'PE', settle: 85 },
  { day: monday, expiry, strike: 25100, type: 'CE', settle: 45 },
  { day: monday, expiry, strike: 25100, type: 'PE', settle: 135 },
  { day: monday, expiry: nextWeek, strike: 25000, type: 'CE', settle: 260 },
  { day: monday, expiry: nextWeek, strike: 25000, type: 'PE', settle: 240 },
  { day: expiry, expiry, strike: 24900, type: 'CE', settle: 180 },
  { day: expiry, expiry, strike: 24900, type: 'PE', settle: 0 },
  { day: expiry, expiry, strike: 25000, type: 'CE', settle: 80 },
  { day: expiry, expiry, strike: 25000, type: 'PE', settle: 0 },
  { day: expiry, expiry, strike: 25100, type: 'CE', settle: 0 },
  { day: expiry, expiry, strike: 25100, type: 'PE', settle: 20 },
  { day: expiry, expiry: nextWeek, strike: 25000, type: 'CE', settle: 300 },
  { day: expiry, expiry: nextWeek, strike: 25000, type: 'PE', settle: 210 },
];

/**
 * The two days' history. Tuesday's underlying (the spot close, 25,070) is not the settlement value (25,080, the
 * last half hour's average): the contracts settle at the file's settlement prices.
 */
export const importStraddleDays = (db: Database) => importHistory(db, 'NIFTY', { [monday]: 25010, [expiry]: 25070 }, rows);

/**
 * A new trader's short straddle (one lot, Mondays, 15:39 to 15:40, a stop-loss and a target it cannot reach)
 * backtested from Monday to the expiry with ₹5 lakh; `policy`: the execution policy set on its account first.
 */
export async function backtestStraddle(server: TestServer, policy?: Record<string, unknown>): Promise<Schemas['Backtest']> {
  const call = guardedClient(server.app);
  const { token } = await signedInAccount(call);
  const { account } = await createBrokerAccount(call, token);
  if (policy !== undefined) {
    const set = await call('updateExecutionPolicy', { token, params: { accountId: account.id }, body: policy });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  }
  const portfolio = await createPortfolio(call, token, account.id);
  const strategies = await baseStrategies(call, token);
  const straddle = dailyBotBody(portfolio.id, strategies.get('short_straddle')!.id, {
    lots: 1,
    weekdays: [1],
    entry_time: '15:39',
    exit_time: '15:40',
    stop_loss_pct: 100,
    target_pct: 1000,
    params: {},
  });
  // On NIFTY, the index of the history (the body's type says which indices a bot may trade).
  const bot = { ...straddle, underlying: 'NIFTY' as const };
  return runBacktest(call, token, server.app.getDecorator<Services>(servicesDecorator), { bot, from: monday, to: expiry, capital: 500000 });
}
