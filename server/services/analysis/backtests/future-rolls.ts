// A backtest's futures roll (issue 63): the trader's choice, as Sensibull and AlgoTest offer it, to roll a bot's
// future a number of trading days before its expiry instead of holding it into the expiry (where a stock future is
// delivered: settlement.ts). On each such day, at its last minute (after the bot's own looks), every future the bot
// holds whose expiry is that near is rolled as the trader's "Roll to next month" does on a live position: one basket
// (quant/future-roll.ts rollBasket: the month held closed, the next opened on the same side with as many lots),
// placed as the bot's orders through the book's paper broker, so both fills are priced and charged as any of its
// orders are and the bot's later exit closes the month it rolled into. The orders carry a roll tag, by which the
// report tells the roll from the bot's own actions (backtest-report.ts).
import { nextFutureMonth, rollBasket } from '../../../../quant/future-roll.ts';
import type { OrderIntent } from '../../brokers/broker-trading.ts';
import { loadBot, loadHeld } from '../../bots/engine/engine-store.ts';
import { botKey } from '../../bots/engine/engine-types.ts';
import { clockMinutes } from '../../market/ist.ts';
import { addDays, isTradingDay, type TradingCalendar } from '../../market/trading-calendar.ts';
import { at, type BotDay, type BotRun } from './bot-looks.ts';

/** The tag of a day's roll orders: "RL251229-1" (a bot's action keys start with B, the kill switch's with KS). */
export const rollTag = (day: string, number: number) => `RL${day.slice(2).replaceAll('-', '')}-${number}`;
export const isRollTag = (tag: string | null) => tag !== null && /^RL\d{6}-\d+$/.test(tag);

/** The trading days from `day` (counted) to `expiry` (not counted): 1 on the day before an expiry. */
export function tradingDaysBefore(calendar: TradingCalendar, day: string, expiry: string): number {
  let count = 0;
  for (let date = day; date < expiry; date = addDays(date, 1)) if (isTradingDay(calendar, date)) count += 1;
  return count;
}

/**
 * Rolls the futures the bot holds whose expiry is at most `rollDays` trading days after `day` (0: none is
 * rolled), at the day's last minute; answers how many it rolled. A future whose next month is not listed that day is
 * left to its expiry.
 */
export async function rollFutures(run: BotRun, day: BotDay, rollDays: number): Promise<number> {
  if (rollDays <= 0) return 0;
  const { book, bot } = run;
  const held = ((await loadHeld(book.db, { kind: bot.kind, id: book.botId })).get(botKey(bot.kind, book.botId)) ?? []).filter((leg) => leg.tradingsymbol.endsWith('FUT'));
  if (held.length === 0) return 0;
  const now = at(day.day, clockMinutes(day.history.hours.close) - 1);
  run.move(now);
  const months = (await book.services.market.expiries(bot.underlying, now)).futures ?? [];
  const engineBot = await loadBot(book.db, now.getTime(), bot.kind, book.botId);
  if (engineBot === undefined) return 0;
  const owner = { portfolioId: book.portfolioId, bot: { kind: bot.kind, id: book.botId } };
  let rolled = 0;
  for (const leg of held) {
    const pair = nextFutureMonth(months, leg.tradingsymbol);
    if (pair === null || pair.near.expiry <= day.day || tradingDaysBefore(run.calendar, day.day, pair.near.expiry) > rollDays) continue;
    const [close, open] = rollBasket(leg.quantity, pair.near, pair.next);
    const intent = (order: typeof close, exchange: string): OrderIntent => ({
      exchange,
      tradingsymbol: order.tradingsymbol,
      side: order.side,
      orderType: 'MARKET',
      product: leg.product,
      quantity: order.quantity,
      pricePaise: 0,
      triggerPaise: 0,
    });
    const trading = book.services.paperTrading;
    // The close reduces the position (a square-off's plan); the opening is an entry, which the kill switch and the
    // risk limits may refuse as they would the trader's own.
    const closing = await trading.planOrders(engineBot.account, [intent(close, pair.near.exchange)], { ...owner, purpose: 'squareoff' });
    const opening = await trading.planOrders(engineBot.account, [intent(open, pair.next.exchange)], { ...owner, purpose: 'entry' });
    rolled += 1;
    const tag = rollTag(day.day, rolled);
    await trading.placeOrders(engineBot.account, { ref: tag, tag }, [...closing.orders, ...opening.orders].map((order, slice) => ({ ...order, slice })), now);
  }
  if (rolled > 0) await book.services.paperTrading.onTick(now);
  return rolled;
}
