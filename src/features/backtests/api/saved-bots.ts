// The trader's saved bots, for choosing one to backtest: every account's portfolios, and each portfolio's
// daily and trading bots. Read here (not through the portfolios feature: features never import each other).
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import { tradingModeOf, type TradingMode } from '@/lib/trading/trading-mode';

type Schemas = components['schemas'];
export type BotKind = Schemas['BotKind'];
export type BotRun = Schemas['BotRun'];
export type SavedBot = { kind: BotKind; id: number; name: string; underlying: string; mode: Schemas['BotMode']; portfolio: string };

async function portfolioBots(portfolio: Schemas['Portfolio']): Promise<SavedBot[]> {
  const path = { params: { path: { portfolioId: portfolio.id } } };
  const [daily, trading] = await Promise.all([
    mainApi().GET('/api/daily_bots/daily_bots/{portfolioId}/', path).then((answer) => requireField(answer, 'daily_bots').daily_bots),
    mainApi().GET('/api/trading_bots/trading_bots/{portfolioId}/', path).then((answer) => requireField(answer, 'trading_bots').trading_bots),
  ]);
  const entry = (kind: BotKind) => (bot: Schemas['DailyBot'] | Schemas['TradingBot']): SavedBot => ({
    kind,
    id: bot.id,
    name: bot.name,
    underlying: bot.underlying,
    mode: bot.mode,
    portfolio: portfolio.name,
  });
  return [...daily.map(entry('daily')), ...trading.map(entry('trading'))];
}

/** A portfolio a bot can be configured in: its account's risk limits and charges apply to the backtest. */
export type BotPortfolio = { id: number; name: string; mode: TradingMode };
export type BotChoices = { bots: SavedBot[]; portfolios: BotPortfolio[] };

/** The trader's portfolios (with their account's mode) and every saved bot in them. */
export async function getBotChoices(): Promise<BotChoices> {
  const accounts = requireField(await mainApi().GET('/api/accounts/all-accounts/'), 'broker_accounts').broker_accounts;
  const perAccount = await Promise.all(
    accounts.map(async (account) => {
      const answer = await mainApi().GET('/api/portfolios/all-portfolios/{accountId}/', { params: { path: { accountId: account.id } } });
      return requireField(answer, 'portfolios').portfolios.map((portfolio) => ({ portfolio, mode: tradingModeOf(account) }));
    }),
  );
  const portfolios = perAccount.flat();
  const bots = (await Promise.all(portfolios.map(({ portfolio }) => portfolioBots(portfolio)))).flat();
  return { bots, portfolios: portfolios.map(({ portfolio, mode }) => ({ id: portfolio.id, name: portfolio.name, mode })) };
}

export async function getSavedBots(): Promise<SavedBot[]> {
  return (await getBotChoices()).bots;
}

/** The bot's own record (paper or live), one run per trading day, the last 60 days. */
export async function getBotRecord(kind: BotKind, id: number): Promise<BotRun[]> {
  return requireField(await mainApi().GET('/api/bots/runs/{kind}/{id}/', { params: { path: { kind, id } } }), 'runs').runs;
}
