// `npm start`'s demo desk: the demo user gets a paper account logged in to its broker at every start, a
// portfolio, and (the first time the market is open) a few filled trades — a closed round trip and an open
// bear call spread — so a new user sees a working desk, positions and P&L in the first minute. Everything
// goes through the same services a trader's actions do (the broker's own login page flow included).
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { demoAccount } from '../accounts/demo-account.ts';
import { findUserByEmail } from '../accounts/users.ts';
import type { Clock } from '../clock.ts';
import type { OrderIntent } from '../brokers/broker-trading.ts';
import type { Services } from '../services.ts';

export const demoBrokerAccount = { account_number: 'DEMO01', name: 'Demo paper account', capital: 1_000_000 } as const;

export async function ensureDemoDesk(db: Database, services: Services, clock: Clock): Promise<void> {
  const user = await findUserByEmail(db, demoAccount.email);
  if (user === null) return;
  const userId = user.user.id;
  let account = (await services.brokerAccounts.list(userId)).find((candidate) => candidate.account_number === demoBrokerAccount.account_number);
  if (account === undefined) {
    account = await services.brokerAccounts.create(userId, {
      broker: 'paper',
      ...demoBrokerAccount,
      api_key: `strikedesk_demo_${randomBytes(6).toString('hex')}`,
      api_secret: randomBytes(24).toString('base64url'),
    });
  }
  if (!account.is_logged_in) {
    const login = await services.paperBroker.logIn({ apiKey: account.api_key, clientId: account.account_number, password: 'demo-session', ip: '127.0.0.1' }, clock());
    if (login.outcome === 'answered') await services.brokerAccounts.logIn(userId, account.id, { request_token: login.requestToken, broker_name: 'paper' });
  }
  let portfolio = (await services.portfolios.list(userId, account.id))[0];
  portfolio ??= await services.portfolios.create(userId, {
    broker_account: account.id,
    name: 'NIFTY weekly',
    description: 'Demo: option spreads on the nearest NIFTY expiry',
    capital: 500_000,
  });

  const { rows } = await db.query('SELECT 1 FROM paper_orders WHERE broker_account_id = $1 LIMIT 1', [account.id]);
  if (rows.length > 0 || !(await services.market.sessionState('NSE', clock())).open) return;
  const expiry = (await services.market.expiries('NIFTY')).expiries[0];
  if (expiry === undefined) return;
  const chain = await services.market.instruments('NIFTY', expiry.date);
  const spot = (await services.market.states()).get('NIFTY')?.spotPaise ?? 0;
  const atm = Math.round(spot / 100 / chain.strike_step) * chain.strike_step;
  const symbol = (strike: number, type: 'CE' | 'PE') =>
    chain.instruments.find((instrument) => instrument.strike === strike && instrument.instrument_type === type)?.tradingsymbol;
  const leg = (tradingsymbol: string | undefined, side: 'BUY' | 'SELL'): OrderIntent[] =>
    tradingsymbol === undefined
      ? []
      : [{ exchange: 'NFO', tradingsymbol, side, orderType: 'MARKET', product: 'NRML', quantity: chain.lot_size, pricePaise: 0, triggerPaise: 0 }];
  const tradingAccount = { id: account.id, accountNumber: account.account_number, capitalPaise: account.capital * 100 };
  const trading = services.paperTrading;
  // Each step planned and placed at once (a handful of orders, well inside the rate limits), all tagged 'demo'.
  const place = async (step: number, intents: OrderIntent[]) => {
    const plan = await trading.planOrders(tradingAccount, intents, { portfolioId: portfolio.id, purpose: 'entry' });
    await trading.placeOrders(tradingAccount, { ref: `demo-${step}`, tag: 'demo' }, plan.orders.map((order, slice) => ({ ...order, slice })));
  };
  // A put bought and sold back: a closed round trip with realised P&L and charges.
  await place(1, leg(symbol(atm, 'PE'), 'BUY'));
  await place(2, leg(symbol(atm, 'PE'), 'SELL'));
  // An open bear call spread, the hedge bought first.
  await place(3, [...leg(symbol(atm + 4 * chain.strike_step, 'CE'), 'BUY'), ...leg(symbol(atm + 2 * chain.strike_step, 'CE'), 'SELL')]);
}
