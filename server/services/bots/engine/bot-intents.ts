// What a bot's action sends: the orders of an entry (its strategy's legs around the money on the expiry its
// parameters name, hedges bought before sells) and of an exit (shorts bought back before longs are sold).
//
// An entry's market reads (the index's expiries, its level) are read once per tick (`tickReads`) and shared by
// every bot entering in it: the market does not move within the engine's tick (it runs after the market's
// tick, which waits for it: server/app.ts), so a thousand bots entering at 09:20 cost one read, not a thousand.
import type { Database } from '../../../db/database.ts';
import { presetShape, presetNames, type PresetName } from '../../../../quant/strategy-presets.ts';
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import type { OrderIntent } from '../../brokers/broker-trading.ts';
import type { AccountPrices, PricesFrom } from '../../brokers/account-prices.ts';
import { DomainError } from '../../domain-error.ts';
import { keptRead } from '../../kept-read.ts';
import { botRuleTexts } from '../../texts/bot-rule-texts.ts';
import { lotOf } from '../../market/contract-lots.ts';
import type { Expiry } from '../../market/expiries.ts';
import type { IndexName } from '../../market/index-config.ts';
import { underlyingFacts, type UnderlyingFacts } from '../../market/underlying-facts.ts';
import { istDate } from '../../market/ist.ts';
import type { MarketService } from '../../market/market-service.ts';
import { expiryOfSymbol, optionTradingsymbol, strikeGridOf } from '../../market/tradingsymbol.ts';
import type { BotRunRow, Decision, EngineBot, HeldLeg } from './engine-types.ts';
import { botPricesFrom } from './broker-prices.ts';
import { botProduct, num } from './rules.ts';

/**
 * One tick's reads, shared by every entry of the tick (createBotIntents' tickReads). `fresh`: refuses (with
 * the paper ticket's words) orders on a live feed that has no fresh price of them, before any is claimed.
 */
export type TickReads = {
  expiries: (index: IndexName) => Promise<Expiry[]>;
  /** The lot of the bot's contracts of an expiry, as its account's broker lists them (lotFor). */
  lot: (bot: EngineBot, expiry: string) => Promise<number>;
  spotPaise: (bot: EngineBot) => Promise<number>;
  fresh: (bot: EngineBot, intents: readonly OrderIntent[]) => Promise<void>;
};

/**
 * The strategies whose legs are a future and an option (issue 63): a covered call (the future bought, a call
 * `call_distance` steps above the money sold) and a protective put (the future bought, a put `put_distance`
 * steps below bought). Their option is of the bot's expiry; their future of the month `future_month` names.
 */
const futureStrategies: Record<string, { option: 'CE' | 'PE'; side: 'BUY' | 'SELL'; distance: 'call_distance' | 'put_distance' }> = {
  covered_call: { option: 'CE', side: 'SELL', distance: 'call_distance' },
  protective_put: { option: 'PE', side: 'BUY', distance: 'put_distance' },
};

/** The value of `key`, made once: a failure is shared too (every bot asking this tick would meet it). */
function once<T>(made: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let value = made.get(key);
  if (value === undefined) {
    value = make();
    made.set(key, value);
  }
  return value;
}

export function createBotIntents({ db, prices, market, brokers }: { db: Database; prices: AccountPrices; market: MarketService; brokers: BrokerRegistry }) {
  const factsCache = new Map<string, UnderlyingFacts>();
  const listed = new Set<string>();

  /**
   * The index level a bot's strikes are chosen around, where its account's prices come from: its live
   * broker's (Kite's last price of the index) on a live account, the feed's on a paper account on one, never
   * the simulator's for either; unreadable, the entry is not placed and the trader is told why.
   */
  async function spotPaiseFor(bot: EngineBot, source: PricesFrom): Promise<number> {
    if (source.from === 'simulator') return source.prices.spotPaise(bot.underlying, db);
    if (source.from === 'feed') {
      await source.prices.ready(db);
      if (await isIndex(bot.underlying)) return source.prices.spotPaise(bot.underlying, db);
      // A stock (an alert's, issue 63): the feed's quote of its own instrument.
      const key = `NSE:${bot.underlying}`;
      const spot = (await source.prices.quotes([key], db)).get(key)?.lastPaise;
      if (spot === undefined) throw DomainError.said('broker_unavailable', botRuleTexts.noIndexLevel(bot.underlying));
      return spot;
    }
    const trading = brokers.get(bot.broker)?.trading;
    if (trading?.lastPrices === undefined) throw DomainError.said('broker_unavailable', botRuleTexts.noIndexLevel(bot.underlying));
    const { rows } = await db.query<{ underlying: string }>('SELECT underlying FROM market_simulation WHERE index_name = $1', [bot.underlying]);
    // A stock's own instrument is its NSE symbol (NSE:RELIANCE), as Kite quotes it.
    const key = rows[0]?.underlying ?? `NSE:${bot.underlying}`;
    const spot = (await trading.lastPrices(bot.account, [key]).catch(() => new Map<string, number>())).get(key);
    if (spot === undefined) throw DomainError.said('broker_unavailable', botRuleTexts.noIndexLevel(bot.underlying));
    return spot;
  }

  /** The indices (index_config): any other underlying a bot is handed is a stock (an alert's, issue 63). */
  const indexNames = keptRead(async (q) => new Set((await q.query<{ index_name: string }>('SELECT DISTINCT index_name FROM index_config')).rows.map((row) => row.index_name)));
  const isIndex = async (symbol: string): Promise<boolean> => (await indexNames(db)).has(symbol);

  async function factsOf(index: IndexName, now: Date): Promise<UnderlyingFacts> {
    const key = `${index}:${istDate(now)}`;
    const known = factsCache.get(key);
    if (known !== undefined) return known;
    // Any underlying: an index's facts, or a stock's monthly cycle and strike step (underlying-facts.ts).
    const facts = await underlyingFacts(db, index, now);
    factsCache.set(key, facts);
    return facts;
  }

  /**
   * The contract the bot's `expiry` parameter names among those still trading now (after the day's close on an
   * expiry day, 15:40 IST since 3 August 2026, that day's contract is over); an index without weeklies uses its monthly.
   */
  async function expiryFor(bot: EngineBot, facts: UnderlyingFacts, reads: TickReads, now: Date): Promise<Expiry> {
    const expiries = await reads.expiries(bot.underlying);
    const choice = bot.params.expiry;
    const monthly = expiries.find((expiry) => expiry.kind === 'monthly') ?? expiries[0]!;
    // A stock's contract settles by delivery at its expiry day's close (issue 63): an entry on that day, which the
    // paper broker would square off by 15:25 unless the account can take delivery, takes the next month.
    if (monthly.date === istDate(now) && facts.kind === 'stock') return expiries.find((expiry) => expiry.date > monthly.date) ?? monthly;
    if (choice === 'monthly' || facts.expiryCycle === 'monthly') return monthly;
    return (choice === 'next_weekly' ? expiries[1] : expiries[0]) ?? monthly;
  }

  /**
   * The lot of a bot's contracts of `expiry`: a live broker's own instrument master where it lists them (Kite's
   * dump), else this market's (contract-lots.ts: a backtest or replay book's file lot, the simulator's listing, the
   * dated revision in force). Never the index's: two expiries of a day may carry two lots.
   */
  async function lotFor(bot: EngineBot, expiry: string, now: Date): Promise<number> {
    if ((await botPricesFrom(prices, brokers, bot)).from === 'broker') {
      const listed = await brokers.get(bot.broker)?.trading?.instruments(bot.account, bot.underlying, expiry).catch(() => []);
      if (listed !== undefined && listed[0] !== undefined) return listed[0].lotSize;
    }
    return lotOf(db, bot.underlying, expiry, istDate(now));
  }

  /**
   * lotFor, read once an IST day per account and expiry: a listed contract's lot never changes, so an entry costs
   * no read of it after the day's first (a failed read is not kept).
   */
  const lotsByDay = new Map<string, Promise<number>>();
  function lotOnDay(bot: EngineBot, expiry: string, now: Date): Promise<number> {
    const key = `${istDate(now)}:${bot.broker}:${bot.account.id}:${bot.underlying}:${expiry}`;
    let lot = lotsByDay.get(key);
    if (lot === undefined) {
      if (lotsByDay.size > 1000) lotsByDay.clear();
      lot = lotFor(bot, expiry, now);
      lot.catch(() => lotsByDay.delete(key));
      lotsByDay.set(key, lot);
    }
    return lot;
  }

  /**
   * The lot of a contract a bot names by its tradingsymbol (a webhook's leg): its expiry's among those listed, else
   * its live broker's listing of it; null when neither lists it.
   */
  async function symbolLot(bot: EngineBot, tradingsymbol: string, reads: TickReads): Promise<number | null> {
    const expiry = expiryOfSymbol(bot.underlying, tradingsymbol, await reads.expiries(bot.underlying));
    if (expiry !== null) return reads.lot(bot, expiry.date);
    const listed = await brokers.get(bot.broker)?.trading?.instruments(bot.account, bot.underlying).catch(() => []);
    return listed?.find((contract) => contract.tradingsymbol === tradingsymbol)?.lotSize ?? null;
  }

  /**
   * The reads of one tick at `now`: each index's expiries, and the level its strikes are chosen around (a
   * live account's own, per account; the simulator's, per index).
   */
  function tickReads(now: Date): TickReads {
    const expiries = new Map<string, Promise<Expiry[]>>();
    const spots = new Map<string, Promise<number>>();
    return {
      expiries: (index) => once(expiries, index, async () => (await market.expiries(index, now)).expiries),
      lot: (bot, expiry) => lotOnDay(bot, expiry, now),
      spotPaise: async (bot) => {
        const source = await botPricesFrom(prices, brokers, bot);
        const by = source.from === 'simulator' ? '' : source.from === 'feed' ? `:feed:${source.feedAccountId}` : `:${bot.account.id}`;
        return once(spots, `${bot.underlying}${by}`, () => spotPaiseFor(bot, source));
      },
      async fresh(bot, intents) {
        const source = await botPricesFrom(prices, brokers, bot);
        if (source.from !== 'feed' || intents.length === 0) return;
        const reason = await source.prices.stopped([...new Set(intents.map((intent) => `${intent.exchange}:${intent.tradingsymbol}`))], db, now);
        if (reason !== null) throw DomainError.said('paper_feed_stopped', reason);
      },
    };
  }

  /** An entry's orders, refused before any is claimed when the account's live feed has no fresh price of them. */
  async function entryIntents(bot: EngineBot, decision: Extract<Decision, { type: 'entry' }>, run: BotRunRow | null, now: Date, reads: TickReads): Promise<OrderIntent[]> {
    const intents = await entryLegs(bot, decision, run, now, reads);
    await reads.fresh(bot, intents);
    return intents;
  }

  async function entryLegs(bot: EngineBot, decision: Extract<Decision, { type: 'entry' }>, run: BotRunRow | null, now: Date, reads: TickReads): Promise<OrderIntent[]> {
    const order = (side: 'BUY' | 'SELL', exchange: string, tradingsymbol: string, quantity: number): OrderIntent => ({
      exchange,
      tradingsymbol,
      side,
      orderType: 'MARKET',
      product: botProduct(bot),
      quantity,
      pricePaise: 0,
      triggerPaise: 0,
    });
    if (decision.legs === 'same') {
      const legs = run?.legs ?? [];
      return [...legs.filter((leg) => leg.side === 'BUY'), ...legs.filter((leg) => leg.side === 'SELL')].map((leg) => order(leg.side, leg.exchange, leg.tradingsymbol, leg.quantity));
    }
    const { facts, expiry, spot, atm, lotSize } = await aroundTheMoney(bot, now, reads);
    // Lots × the lot of the chosen contract (on a day of a revision, the weekly's and the far monthly's differ).
    const quantity = bot.lots * lotSize;
    const offset = num(bot.params.strike_offset, 0);
    if (decision.legs === 'CE' || decision.legs === 'PE') {
      const strike = atm + (decision.legs === 'CE' ? offset : -offset) * facts.strikeStep;
      return [order('BUY', facts.exchange, optionTradingsymbol(bot.underlying, expiry, strike, decision.legs, strikeGridOf(facts.kind)), quantity)];
    }
    const hedged = futureStrategies[bot.strategy];
    if (hedged !== undefined) {
      // The future of the month the parameter names (near by default), at its own lot; the option of the bot's expiry.
      const months = (await market.expiries(bot.underlying, now)).futures ?? [];
      const future = months.find((month) => month.series === (bot.params.future_month === 'next' ? 'next' : 'near')) ?? months[0];
      if (future === undefined) throw DomainError.said('validation_failed', botRuleTexts.noLegsAround(bot.strategy));
      const steps = num(bot.params[hedged.distance], 4) * (hedged.option === 'CE' ? 1 : -1);
      const option = order(hedged.side, facts.exchange, optionTradingsymbol(bot.underlying, expiry, atm + steps * facts.strikeStep, hedged.option, strikeGridOf(facts.kind)), quantity);
      const long = order('BUY', future.exchange, future.tradingsymbol, bot.lots * future.lot_size);
      // Hedges first: the future before the call it covers; the put before the future it protects.
      return hedged.side === 'SELL' ? [long, option] : [option, long];
    }
    if (!presetNames.includes(bot.strategy as PresetName)) throw DomainError.said('validation_failed', botRuleTexts.noLegsAround(bot.strategy));
    const shape = presetShape({
      preset: bot.strategy as PresetName,
      spot,
      strikeStep: facts.strikeStep,
      parameters: {
        strikeOffset: offset,
        callDistance: num(bot.params.call_distance, 4),
        putDistance: num(bot.params.put_distance, 4),
        ...(bot.params.wing_width === undefined ? {} : { wingWidth: num(bot.params.wing_width, 4) }),
        spreadWidth: num(bot.params.spread_width, 4),
      },
    });
    return shape.map((leg) => order(leg.side, facts.exchange, optionTradingsymbol(bot.underlying, expiry, leg.strike, leg.kind, strikeGridOf(facts.kind)), quantity * leg.lots));
  }

  /**
   * Where an entry's strikes are chosen: the index's facts, the expiry the bot's parameters name (listed), the
   * index level (rupees), the at-the-money strike nearest it and the lot of that expiry's contracts. A webhook's legs around the money use it too.
   */
  async function aroundTheMoney(bot: EngineBot, now: Date, reads: TickReads): Promise<{ facts: UnderlyingFacts; expiry: Expiry; spot: number; atm: number; lotSize: number }> {
    const facts = await factsOf(bot.underlying, now);
    const expiry = await expiryFor(bot, facts, reads, now);
    await listExpiry(bot.underlying, expiry.date, now);
    const spot = (await reads.spotPaise(bot)) / 100;
    const lotSize = await reads.lot(bot, expiry.date);
    return { facts, expiry, spot, atm: Math.ceil(spot / facts.strikeStep - 0.5) * facts.strikeStep, lotSize };
  }

  /** Lists the strikes of the expiry once (outside any transaction: the market service reads through `db`). */
  async function listExpiry(index: IndexName, expiryDate: string, now: Date): Promise<void> {
    if (listed.has(`${index}:${expiryDate}`)) return;
    await market.instruments(index, expiryDate, now);
    listed.add(`${index}:${expiryDate}`);
  }

  function exitIntents(held: readonly HeldLeg[]): OrderIntent[] {
    const ordered = [...held.filter((leg) => leg.quantity < 0), ...held.filter((leg) => leg.quantity > 0)];
    return ordered.map((leg) => ({
      exchange: leg.exchange,
      tradingsymbol: leg.tradingsymbol,
      side: leg.quantity < 0 ? 'BUY' : 'SELL',
      orderType: 'MARKET',
      product: leg.product,
      quantity: Math.abs(leg.quantity),
      pricePaise: 0,
      triggerPaise: 0,
    }));
  }

  /** The contract a bot's `expiry` parameter names now (what its conditions watch). */
  async function expiryOf(bot: EngineBot, now: Date, reads: TickReads): Promise<Expiry> {
    const expiry = await expiryFor(bot, await factsOf(bot.underlying, now), reads, now);
    await listExpiry(bot.underlying, expiry.date, now);
    return expiry;
  }

  return { factsOf, tickReads, entryIntents, exitIntents, expiryOf, aroundTheMoney, symbolLot };
}

export type BotIntents = ReturnType<typeof createBotIntents>;
