// The prices a bot decides on are its account's (../../brokers/account-prices.ts), never another market's: a
// live account's bots read its broker's own last prices (Kite's, Upstox's), a paper account's bots on a live
// account's feed read that feed's fresh quotes, other paper bots the simulator's (the engine's one read).
// One read per account a tick, for the legs its bots hold or entered with. When a live broker cannot answer
// (its quotes are 1 a second, the network fails) those bots make no decision this tick rather than one on
// prices that are not the market's; a stopped feed answers no quote, so nothing is judged on an old price.
import type { Queryable } from '../../../db/database.ts';
import type { AccountPrices, PricesFrom } from '../../brokers/account-prices.ts';
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import { botKey, type BotRunRow, type EngineBot, type HeldLeg } from './engine-types.ts';
import { keyOf } from '../../brokers/paper/contracts.ts';

/** Where a bot's account's prices come from: its live broker's, a live feed's, the simulator's. */
export function botPricesFrom(prices: AccountPrices, brokers: BrokerRegistry, bot: EngineBot): Promise<PricesFrom> {
  return prices.of(bot.account, brokers.get(bot.broker)?.trading?.lastPrices !== undefined);
}

export type BotPricesOptions = { db: Queryable; brokers: BrokerRegistry; prices: AccountPrices };

/** Each live or feed-priced account's last prices of its bots' legs (null: not readable this tick); none for the simulator's. */
export async function brokerLastPrices(
  { db, brokers, prices }: BotPricesOptions,
  bots: readonly EngineBot[],
  held: ReadonlyMap<string, readonly HeldLeg[]>,
  runs: ReadonlyMap<string, BotRunRow>,
): Promise<Map<number, Map<string, number> | null>> {
  const wanted = new Map<number, { bot: EngineBot; source: Exclude<PricesFrom, { from: 'simulator' }>; keys: Set<string> }>();
  for (const bot of bots) {
    const source = await botPricesFrom(prices, brokers, bot);
    if (source.from === 'simulator') continue;
    const entry = wanted.get(bot.account.id) ?? { bot, source, keys: new Set<string>() };
    const key = botKey(bot.kind, bot.id);
    for (const leg of held.get(key) ?? []) entry.keys.add(keyOf(leg));
    for (const leg of runs.get(key)?.legs ?? []) entry.keys.add(keyOf(leg));
    wanted.set(bot.account.id, entry);
  }
  const answers = new Map<number, Map<string, number> | null>();
  for (const [accountId, { bot, source, keys }] of wanted) {
    if (source.from === 'feed') {
      const quotes = keys.size === 0 ? new Map() : await source.prices.quotes([...keys], db);
      answers.set(accountId, new Map([...quotes].map(([key, quote]) => [key, quote.lastPaise])));
    } else if (!bot.sessionOpen) {
      // Logged out, the broker has no prices to give: its bots wait for the login (they could not act anyway).
      answers.set(accountId, null);
    } else {
      const trading = brokers.get(bot.broker)?.trading;
      const read = trading?.lastPrices?.bind(trading);
      answers.set(accountId, keys.size === 0 ? new Map() : ((await read?.(bot.account, [...keys]).catch(() => null)) ?? null));
    }
  }
  return answers;
}
