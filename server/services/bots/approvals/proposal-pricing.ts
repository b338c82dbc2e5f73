// A proposal's figures (issue 41): each leg's price where the bot's account trades (its live broker's last
// price; a paper account's feed or the simulator: the ask for a buy, the bid for a sell, what a market order
// would meet), the basket's margin and charges as the order window reads them (BrokerTrading.orderMargin),
// and the worst loss at expiry (quant/payoff-analysis.ts, exact for one expiry). At approval the same legs
// are priced again and compared with the tolerance the trader set.
import { analyseExpiryPayoff } from '../../../../quant/payoff-analysis.ts';
import type { StrategyLeg } from '../../../../quant/strategy-legs.ts';
import type { Queryable } from '../../../db/database.ts';
import type { AccountPrices } from '../../brokers/account-prices.ts';
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import { foProduct, type OrderIntent } from '../../brokers/broker-trading.ts';
import { loadSegmentSessions, segmentOf } from '../../market/calendar-data.ts';
import { contractExpiryMs } from '../../market/trading-calendar.ts';
import { keyOf } from '../../brokers/paper/contracts.ts';
import { approvalTexts } from '../../texts/approval-texts.ts';
import type { Said } from '../../texts/said.ts';
import { botPricesFrom } from '../engine/broker-prices.ts';
import type { EngineBot } from '../engine/engine-types.ts';

export type ProposedLeg = { exchange: string; tradingsymbol: string; side: 'BUY' | 'SELL'; quantity: number; product: 'MIS' | 'NRML'; price_paise: number };

/** Each leg's price now (paise) by EXCHANGE:TRADINGSYMBOL; a leg with no price is missing from the map. */
export async function priceLegs(q: Queryable, prices: AccountPrices, brokers: BrokerRegistry, bot: EngineBot, intents: readonly OrderIntent[]): Promise<Map<string, number>> {
  const keys = [...new Set(intents.map(keyOf))];
  const source = await botPricesFrom(prices, brokers, bot);
  if (source.from === 'broker') {
    const trading = brokers.get(bot.broker)?.trading;
    return (await trading?.lastPrices?.(bot.account, keys).catch(() => null)) ?? new Map();
  }
  const quotes = await source.prices.quotes(keys, q);
  const priced = new Map<string, number>();
  for (const intent of intents) {
    const quote = quotes.get(keyOf(intent));
    if (quote === undefined) continue;
    const side = intent.side === 'BUY' ? quote.askPaise : quote.bidPaise;
    const price = side > 0 ? side : quote.lastPaise;
    if (price > 0) priced.set(keyOf(intent), price);
  }
  return priced;
}

/** The proposal's legs with their prices; null names the first leg without a price (nothing is proposed then). */
export function proposedLegs(intents: readonly OrderIntent[], priced: ReadonlyMap<string, number>): ProposedLeg[] | { missing: string } {
  const legs: ProposedLeg[] = [];
  for (const intent of intents) {
    const price = priced.get(keyOf(intent));
    if (price === undefined) return { missing: intent.tradingsymbol };
    legs.push({ exchange: intent.exchange, tradingsymbol: intent.tradingsymbol, side: intent.side, quantity: intent.quantity, product: foProduct(intent.product), price_paise: price });
  }
  return legs;
}

/**
 * Why an approval must be refused now: a leg whose price moved more than `tolerancePct` % of its proposed
 * price (at least one tick, 5 paise, so a ₹1 wing is not refused for one tick), or one with no price; null
 * when every leg is within it.
 */
export function priceMove(legs: readonly ProposedLeg[], now: ReadonlyMap<string, number>, tolerancePct: number): Said | null {
  for (const leg of legs) {
    const price = now.get(keyOf(leg));
    if (price === undefined) return approvalTexts.noPrice(leg.tradingsymbol);
    const allowed = Math.max(5, (leg.price_paise * tolerancePct) / 100);
    if (Math.abs(price - leg.price_paise) > allowed) return approvalTexts.priceMoved(leg.tradingsymbol, leg.price_paise / 100, price / 100, tolerancePct);
  }
  return null;
}

type InstrumentRow = { exchange: string; tradingsymbol: string; strike: number; instrument_type: 'CE' | 'PE'; lot_size: number; expiry: string };

/**
 * The worst loss at expiry in paise (positive), or 'unlimited' (net short calls), or null when a leg is not a
 * listed option here (a live broker's contract this server does not list): no figure from missing data.
 */
export async function maxLossPaise(q: Queryable, legs: readonly ProposedLeg[]): Promise<number | 'unlimited' | null> {
  if (legs.length === 0) return null;
  const { rows } = await q.query<InstrumentRow>(
    `SELECT exchange, tradingsymbol, strike, instrument_type, lot_size, to_char(expiry, 'YYYY-MM-DD') AS expiry FROM instruments
     WHERE (exchange, tradingsymbol) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [legs.map((leg) => leg.exchange), legs.map((leg) => leg.tradingsymbol)],
  );
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  const sessions = await loadSegmentSessions(q);
  const strategy: StrategyLeg[] = [];
  for (const leg of legs) {
    const row = byKey.get(keyOf(leg));
    if (row === undefined || leg.quantity % Number(row.lot_size) !== 0) return null;
    strategy.push({
      side: leg.side,
      kind: row.instrument_type,
      strike: Number(row.strike),
      lots: leg.quantity / Number(row.lot_size),
      lotSize: Number(row.lot_size),
      expiryMs: contractExpiryMs(segmentOf(sessions, row.exchange), row.expiry),
      entryPrice: leg.price_paise / 100,
      volatility: 0.15,
      enabled: true,
    });
  }
  // The expiry line needs no volatility or rate: they only shape the "today" line.
  const { maxLoss } = analyseExpiryPayoff(strategy, { atMs: Math.min(...strategy.map((leg) => leg.expiryMs)), rate: 0, volatilityShift: 0 });
  if (maxLoss === 'unlimited') return 'unlimited';
  return maxLoss >= 0 ? 0 : Math.round(-maxLoss * 100);
}
