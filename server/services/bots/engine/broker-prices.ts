// The prices a bot on a live account decides on: its broker's own last prices (Kite's), never the simulator's.
// One read per account a tick, for the legs its live bots hold; when the broker cannot answer (its quotes
// are 1 a second, the network fails) those bots make no decision this tick rather than one on prices that
// are not the market's. Paper bots keep the simulator's prices.
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import type { BrokerTrading } from '../../brokers/broker-trading.ts';
import { botKey, type BotRunRow, type EngineBot, type HeldLeg } from './engine-types.ts';
import { keyOf } from '../../brokers/paper/contracts.ts';


/** Each live account's last prices of its bots' legs (null: not readable this tick). */
export async function brokerLastPrices(
  brokers: BrokerRegistry,
  bots: readonly EngineBot[],
  held: ReadonlyMap<string, readonly HeldLeg[]>,
  runs: ReadonlyMap<string, BotRunRow>,
): Promise<Map<number, Map<string, number> | null>> {
  const wanted = new Map<number, { bot: EngineBot; read: NonNullable<BrokerTrading['lastPrices']>; keys: Set<string> }>();
  for (const bot of bots) {
    const trading = brokers.get(bot.broker)?.trading;
    const read = trading?.lastPrices?.bind(trading);
    if (read === undefined) continue;
    const entry = wanted.get(bot.account.id) ?? { bot, read, keys: new Set<string>() };
    const key = botKey(bot.kind, bot.id);
    for (const leg of held.get(key) ?? []) entry.keys.add(keyOf(leg));
    for (const leg of runs.get(key)?.legs ?? []) entry.keys.add(keyOf(leg));
    wanted.set(bot.account.id, entry);
  }
  const answers = new Map<number, Map<string, number> | null>();
  for (const [accountId, { bot, read, keys }] of wanted) {
    // Logged out, the broker has no prices to give: its bots wait for the login (they could not act anyway).
    if (!bot.sessionOpen) answers.set(accountId, null);
    else answers.set(accountId, keys.size === 0 ? new Map() : await read(bot.account, [...keys]).catch(() => null));
  }
  return answers;
}
