// What a bot's action sends: the orders of an entry (its strategy's legs around the money on the expiry its
// parameters name, hedges bought before sells) and of an exit (shorts bought back before longs are sold).
import type { Database } from '../../../db/database.ts';
import { presetShape, presetNames, type PresetName } from '../../../../quant/strategy-presets.ts';
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import type { OrderIntent } from '../../brokers/broker-trading.ts';
import type { PriceSource } from '../../brokers/paper/price-source.ts';
import { DomainError } from '../../domain-error.ts';
import { botRuleTexts } from '../../texts/bot-rule-texts.ts';
import type { Expiry } from '../../market/expiries.ts';
import { indexFacts, type IndexFacts, type IndexName } from '../../market/index-config.ts';
import { istDate } from '../../market/ist.ts';
import type { MarketService } from '../../market/market-service.ts';
import { optionTradingsymbol } from '../../market/tradingsymbol.ts';
import type { BotRunRow, Decision, EngineBot, HeldLeg } from './engine-types.ts';
import { num } from './rules.ts';

export function createBotIntents({ db, prices, market, brokers }: { db: Database; prices: PriceSource; market: MarketService; brokers: BrokerRegistry }) {
  const factsCache = new Map<string, IndexFacts>();
  const listed = new Set<string>();

  /**
   * The index level a bot's strikes are chosen around: its live broker's (Kite's last price of the index) on
   * a live account, never the simulator's; unreadable, the entry is not placed and the trader is told why.
   */
  async function spotPaiseFor(bot: EngineBot): Promise<number> {
    const trading = brokers.get(bot.broker)?.trading;
    if (trading?.lastPrices === undefined) return prices.spotPaise(bot.underlying, db);
    const { rows } = await db.query<{ underlying: string }>('SELECT underlying FROM market_simulation WHERE index_name = $1', [bot.underlying]);
    const key = rows[0]?.underlying ?? '';
    const spot = (await trading.lastPrices(bot.account, [key]).catch(() => new Map<string, number>())).get(key);
    if (spot === undefined) throw DomainError.said('broker_unavailable', botRuleTexts.noIndexLevel(bot.underlying));
    return spot;
  }

  async function factsOf(index: IndexName, now: Date): Promise<IndexFacts> {
    const key = `${index}:${istDate(now)}`;
    const known = factsCache.get(key);
    if (known !== undefined) return known;
    const facts = await indexFacts(db, index, now);
    factsCache.set(key, facts);
    return facts;
  }

  /**
   * The contract the bot's `expiry` parameter names among those still trading now (after 15:30 IST on an
   * expiry day, that day's contract is over); an index without weeklies uses its monthly.
   */
  async function expiryFor(bot: EngineBot, facts: IndexFacts, now: Date): Promise<Expiry> {
    const { expiries } = await market.expiries(bot.underlying, now);
    const choice = bot.params.expiry;
    const monthly = expiries.find((expiry) => expiry.kind === 'monthly') ?? expiries[0]!;
    if (choice === 'monthly' || facts.expiryCycle === 'monthly') return monthly;
    return (choice === 'next_weekly' ? expiries[1] : expiries[0]) ?? monthly;
  }

  async function entryIntents(bot: EngineBot, decision: Extract<Decision, { type: 'entry' }>, run: BotRunRow | null, now: Date): Promise<OrderIntent[]> {
    const market = (side: 'BUY' | 'SELL', exchange: string, tradingsymbol: string, quantity: number): OrderIntent => ({
      exchange,
      tradingsymbol,
      side,
      orderType: 'MARKET',
      product: 'NRML',
      quantity,
      pricePaise: 0,
      triggerPaise: 0,
    });
    if (decision.legs === 'same') {
      const legs = run?.legs ?? [];
      return [...legs.filter((leg) => leg.side === 'BUY'), ...legs.filter((leg) => leg.side === 'SELL')].map((leg) => market(leg.side, leg.exchange, leg.tradingsymbol, leg.quantity));
    }
    const facts = await factsOf(bot.underlying, now);
    const expiry = await expiryFor(bot, facts, now);
    if (!listed.has(`${bot.underlying}:${expiry.date}`)) {
      await marketInstruments(bot.underlying, expiry.date, now);
      listed.add(`${bot.underlying}:${expiry.date}`);
    }
    const spot = (await spotPaiseFor(bot)) / 100;
    const quantity = bot.lots * facts.lotSize;
    const offset = num(bot.params.strike_offset, 0);
    if (decision.legs === 'CE' || decision.legs === 'PE') {
      const atm = Math.ceil(spot / facts.strikeStep - 0.5) * facts.strikeStep;
      const strike = atm + (decision.legs === 'CE' ? offset : -offset) * facts.strikeStep;
      return [market('BUY', facts.exchange, optionTradingsymbol(bot.underlying, expiry, strike, decision.legs), quantity)];
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
    return shape.map((leg) => market(leg.side, facts.exchange, optionTradingsymbol(bot.underlying, expiry, leg.strike, leg.kind), quantity * leg.lots));
  }

  /** Lists the strikes of the expiry (outside any transaction: the market service reads through `db`). */
  async function marketInstruments(index: IndexName, expiryDate: string, now: Date): Promise<void> {
    await market.instruments(index, expiryDate, now);
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

  return { factsOf, entryIntents, exitIntents };
}

export type BotIntents = ReturnType<typeof createBotIntents>;
