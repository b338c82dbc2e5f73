// What the bots' conditions (conditions.ts) are judged on, read once per tick for every bot that has one: the
// index's minute candles of the day (the price source's own in a backtest or replay, else the market's stored
// candles, as the trend signals read them), and the straddle's premium at the close of each completed minute from
// the price source's quotes at that minute (PriceSource.quotesAt: history's own minute in a backtest or replay,
// the simulator's price on the index's recorded level in paper). A completed minute's premium never changes, so it
// is kept (per price source) and a tick reads only the minutes it has not seen. Nothing is computed from missing
// data: a minute without the index's candle or a leg's quote ends the series there, and no condition is met.
import type { Database } from '../../../db/database.ts';
import { premiumVolatility } from '../../../../quant/premium-volatility.ts';
import type { PriceSource } from '../../brokers/paper/price-source.ts';
import type { Expiry } from '../../market/expiries.ts';
import type { IndexFacts } from '../../market/index-config.ts';
import { istDate, istInstant } from '../../market/ist.ts';
import type { DayHours } from '../../market/trading-calendar.ts';
import { optionTradingsymbol } from '../../market/tradingsymbol.ts';
import type { TickReads } from './bot-intents.ts';
import {
  conditionKind,
  conditionSettings,
  ivConditionMet,
  isIvCondition,
  isPremiumCondition,
  needsVwap,
  premiumConditionMet,
  type ConditionKind,
  type IvMinute,
  type Met,
  type PremiumMinute,
} from './conditions.ts';
import { loadCandles } from './engine-store.ts';
import { botKey, type EngineBot } from './engine-types.ts';
import { signalStrategies } from './rules.ts';

/**
 * Why the entry condition was not met on a look (issue 62: a backtest said "The bot did not enter." and no more):
 * `no_index`, no index close of the minute that fixes the straddle (or of the last minute, for an IV); `no_prices`,
 * a leg without a price at a minute read (`minute`: its start); `not_yet`, the fixing minute not completed;
 * `not_met`, read and not met: the straddle's premium at its fixing minute and on the last (`reference`, `last`,
 * rupees) or the last ATM IV (`iv`, percent).
 */
export type ConditionMiss =
  | { why: 'no_index' | 'no_prices' | 'not_yet'; minute: number }
  | { why: 'not_met'; minute: number; reference?: number; last?: number; iv?: number };

export type BotConditions = { entry: Met | null; exit: Met | null; entryMiss?: ConditionMiss | undefined };

type ConditionDeps = {
  db: Database;
  factsOf: (index: EngineBot['underlying'], now: Date) => Promise<IndexFacts>;
  expiryOf: (bot: EngineBot, now: Date, reads: TickReads) => Promise<Expiry>;
};

const minuteMs = 60_000;

/** The kinds a bot watches: its entry condition (not a signal bot's: its entries are its signals) and its exit one. */
export function botConditionKinds(bot: Pick<EngineBot, 'strategy' | 'params'>): { entry: ConditionKind; exit: ConditionKind } {
  return { entry: signalStrategies.includes(bot.strategy) ? 'none' : conditionKind(bot.params.entry_condition), exit: conditionKind(bot.params.exit_condition) };
}

export function createConditionReads({ db, factsOf, expiryOf }: ConditionDeps) {
  /** Premiums (paise, call + put) and volumes of completed minutes, per price source: `${ce}|${pe}|${minuteStart}`. */
  const kept = new WeakMap<PriceSource, Map<string, { premiumPaise: number; volume: number | null; ce: number; pe: number }>>();

  async function legsAt(prices: PriceSource, ce: string, pe: string, minuteStart: number) {
    let cache = kept.get(prices);
    if (cache === undefined) kept.set(prices, (cache = new Map()));
    const key = `${ce}|${pe}|${minuteStart}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    // The minute's close: its last instant.
    const quotes = await prices.quotesAt([ce, pe], new Date(minuteStart + minuteMs - 1), db);
    const call = quotes.get(ce);
    const put = quotes.get(pe);
    if (call === undefined || put === undefined || call.lastPaise <= 0 || put.lastPaise <= 0) return null;
    const volumes = prices.volumesAt === undefined ? null : await prices.volumesAt([ce, pe], new Date(minuteStart + minuteMs - 1), db);
    const volume = volumes === null ? null : (volumes.get(ce) ?? 0) + (volumes.get(pe) ?? 0);
    const found = { premiumPaise: call.lastPaise + put.lastPaise, volume, ce: call.lastPaise, pe: put.lastPaise };
    cache.set(key, found);
    return found;
  }

  /**
   * The conditions met on the last completed minute for each bot that has one (keyed botKey). `prices`: where the
   * bots' prices come from (the simulator, a backtest's or replay's history); `hours`: the day's session on each
   * exchange (trading-calendar.ts dayHours), whose open starts the day's candles a condition reads.
   */
  async function conditionsFor(
    prices: PriceSource,
    bots: readonly EngineBot[],
    now: Date,
    reads: TickReads,
    hours: ReadonlyMap<string, Pick<DayHours, 'open'>>,
  ): Promise<Map<string, BotConditions>> {
    const watching = bots.filter((bot) => {
      const kinds = botConditionKinds(bot);
      return kinds.entry !== 'none' || kinds.exit !== 'none';
    });
    const found = new Map<string, BotConditions>();
    if (watching.length === 0) return found;
    const day = istDate(now);
    // Each bot's day starts at its exchange's session open of the day (a dated fact, a special session's own).
    const opens = new Map<EngineBot['underlying'], Date>();
    for (const bot of watching) {
      const open = hours.get((await factsOf(bot.underlying, now)).exchange)?.open;
      if (open !== undefined) opens.set(bot.underlying, istInstant(day, open));
    }
    if (opens.size === 0) return found;
    const since = new Date(Math.min(...[...opens.values()].map((open) => open.getTime())));
    const indices = [...opens.keys()];
    const candles = prices.indexCandles === undefined ? await loadCandles(db, indices, since) : await prices.indexCandles(indices, since, db);
    // The last completed minute: the one that ended at or before now.
    const lastStart = Math.floor(now.getTime() / minuteMs) * minuteMs - minuteMs;
    for (const bot of watching) {
      const open = opens.get(bot.underlying);
      if (open === undefined) continue;
      const kinds = botConditionKinds(bot);
      const settings = conditionSettings(bot.params);
      const closes = new Map<number, number>();
      for (const candle of candles.get(bot.underlying) ?? []) if (candle.minute.getTime() >= open.getTime()) closes.set(candle.minute.getTime(), candle.close);
      const facts = await factsOf(bot.underlying, now);
      const expiry = await expiryOf(bot, now, reads);
      const context = { prices, bot, facts, expiry, closes, lastStart, settings, day };
      const judge = async (kind: ConditionKind): Promise<{ met: Met | null; miss?: ConditionMiss }> => {
        if (kind === 'none') return { met: null };
        if (isPremiumCondition(kind)) {
          const series = await premiumSeries(context, needsVwap(kind));
          if (!Array.isArray(series)) return { met: null, miss: series };
          const met = premiumConditionMet(kind, series, settings);
          return met !== null ? { met } : { met, miss: { why: 'not_met', minute: lastStart, reference: series[0]?.premium, last: series.at(-1)?.premium } };
        }
        if (isIvCondition(kind)) {
          const minutes = await ivMinutes(context);
          if (!Array.isArray(minutes)) return { met: null, miss: minutes };
          const met = ivConditionMet(kind, minutes, settings);
          return met !== null ? { met } : { met, miss: { why: 'not_met', minute: lastStart, iv: minutes.at(-1)?.iv } };
        }
        return { met: null };
      };
      const entry = await judge(kinds.entry);
      found.set(botKey(bot.kind, bot.id), { entry: entry.met, exit: (await judge(kinds.exit)).met, entryMiss: entry.miss });
    }
    return found;
  }

  type Context = {
    prices: PriceSource;
    bot: EngineBot;
    facts: IndexFacts;
    expiry: Expiry;
    closes: Map<number, number>;
    lastStart: number;
    settings: ReturnType<typeof conditionSettings>;
    day: string;
  };

  const symbolOf = (context: Context, strike: number, type: 'CE' | 'PE') => `${context.facts.exchange}:${optionTradingsymbol(context.bot.underlying, context.expiry, strike, type)}`;
  const atmStrike = (spot: number, step: number) => Math.round(spot / step) * step;

  /**
   * The straddle's premium at each completed minute from the fixing minute to the last one: all of them for a VWAP,
   * else only the fixing minute and the last two (what a fall, rise or cross needs). Empty before the fixing minute
   * completed or without the index's close of it.
   */
  async function premiumSeries(context: Context, whole: boolean): Promise<PremiumMinute[] | ConditionMiss> {
    const fixing = istInstant(context.day, context.settings.strikesAt).getTime();
    if (context.lastStart < fixing) return { why: 'not_yet', minute: fixing };
    const spot = context.closes.get(fixing);
    if (spot === undefined) return { why: 'no_index', minute: fixing };
    const strike = atmStrike(spot, context.facts.strikeStep);
    const ce = symbolOf(context, strike, 'CE');
    const pe = symbolOf(context, strike, 'PE');
    const starts: number[] = [];
    if (whole) for (let start = fixing; start <= context.lastStart; start += minuteMs) starts.push(start);
    else starts.push(...new Set([fixing, Math.max(fixing, context.lastStart - minuteMs), context.lastStart]));
    const series: PremiumMinute[] = [];
    for (const start of starts) {
      const legs = await legsAt(context.prices, ce, pe, start);
      if (legs === null) return { why: 'no_prices', minute: start };
      series.push({ end: start + minuteMs, premium: legs.premiumPaise / 100, volume: legs.volume });
    }
    return series;
  }

  /** The ATM IV of the last two completed minutes, each at the strike nearest that minute's close; why not without the last. */
  async function ivMinutes(context: Context): Promise<IvMinute[] | ConditionMiss> {
    const expiryMs = Date.parse(context.expiry.closes_at);
    const ivAt = async (start: number): Promise<IvMinute | ConditionMiss> => {
      const spot = context.closes.get(start);
      if (spot === undefined) return { why: 'no_index', minute: start };
      const strike = atmStrike(spot, context.facts.strikeStep);
      const legs = await legsAt(context.prices, symbolOf(context, strike, 'CE'), symbolOf(context, strike, 'PE'), start);
      if (legs === null) return { why: 'no_prices', minute: start };
      const atMs = start + minuteMs;
      const call = premiumVolatility({ kind: 'CE', strike, spot, premium: legs.ce / 100, atMs, expiryMs });
      const put = premiumVolatility({ kind: 'PE', strike, spot, premium: legs.pe / 100, atMs, expiryMs });
      // Both or none: one side alone is not the straddle's IV.
      if (call === null || put === null) return { why: 'no_prices', minute: start };
      return { end: atMs, iv: ((call + put) / 2) * 100 };
    };
    const last = await ivAt(context.lastStart);
    if ('why' in last) return last;
    const before = await ivAt(context.lastStart - minuteMs);
    return 'why' in before ? [last] : [before, last];
  }

  return { conditionsFor };
}

export type ConditionReads = ReturnType<typeof createConditionReads>;
