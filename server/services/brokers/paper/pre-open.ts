// The F&O pre-open (NSE/FAOP/71092 and BSE notice 20251110-40, from 8 Dec 2025): before the 09:15 open the
// exchanges collect orders on futures from 09:00 to 09:08 (a random close between 09:07 and 09:08), match them at
// one equilibrium price by 09:12 and carry what is left into the normal market. Only current-month futures are in
// it, and the next month's in the last five trading days before the current month's expiry; no options, spreads or
// far months, and only MARKET and LIMIT orders. The window is the day's regular session row (market_sessions,
// `pre_open_from`/`pre_open_to`: migrations 075 and 120), never a constant here.
//
// The paper broker queues an eligible future's order to the open (09:15), as it holds an after-market order, and it
// fills there at the open's price: the simulator has no order book to find the pre-open's equilibrium in. Any other
// order in 09:00-09:15 is refused saying why: the exchange takes none then (after-market orders for F&O stop when the
// pre-open starts: 5paisa's notice of the change, "AMO orders in F&O & Equity will be allowed to be entered till
// 8:55AM"; the paper broker stops them at the pre-open's start).
import type { Queryable } from '../../../db/database.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { futureMonths, underlyingSymbols, underlyingTerms } from '../../market/derivatives/contract-months.ts';
import { clockMinutes, istDate, istInstant, istMinutes } from '../../market/ist.ts';
import { addDays, isTradingDay, regularSessionOn, type TradingCalendar } from '../../market/trading-calendar.ts';
import { parseTradingsymbol } from '../../market/tradingsymbol.ts';
import type { OrderIntent } from '../broker-trading.ts';
import { said, type Said } from '../../texts/said.ts';

/** How many trading days before (and including) the current month's expiry the next month's future joins the pre-open. */
const nextMonthDays = 5;

export type PreOpenPlacement = { releaseAt: Date } | { refusal: Said };

function tradingDaysThrough(calendar: TradingCalendar, from: string, through: string): number {
  let count = 0;
  for (let day = from; day <= through; day = addDays(day, 1)) if (isTradingDay(calendar, day)) count += 1;
  return count;
}

/** Whether a contract's orders go to the pre-open on `day`: an option never; a future of the current month, or of the next one in the current month's last five trading days. */
export async function inPreOpen(q: Queryable, tradingsymbol: string, day: string): Promise<'option' | 'future' | 'other_month'> {
  const symbols = await underlyingSymbols(q);
  const parsed = parseTradingsymbol(tradingsymbol, (symbol) => symbols.has(symbol));
  if (parsed === null || parsed.kind !== 'FUT') return 'option';
  const terms = (await underlyingTerms(q, [parsed.underlying])).get(parsed.underlying);
  if (terms === undefined) return 'other_month';
  const calendar = await loadTradingCalendar(q, terms.exchange);
  const [near, next] = futureMonths(terms, calendar, day).map((month) => month.expiry.date);
  const month = (date: string | undefined) => date !== undefined && Number(date.slice(0, 4)) === parsed.year && Number(date.slice(5, 7)) === parsed.month;
  if (month(near)) return 'future';
  if (month(next) && near !== undefined && tradingDaysThrough(calendar, day, near) <= nextMonthDays) return 'future';
  return 'other_month';
}

export const preOpenTexts = {
  options: (from: string, to: string, open: string): Said =>
    said(
      'order.pre_open_options',
      { from, to, open },
      `Options trade from ${open} IST. The F&O pre-open (${from}-${to} IST) takes only current-month futures: place it from ${open}.`,
    ),
  otherMonth: (tradingsymbol: string, from: string, to: string, open: string): Said =>
    said(
      'order.pre_open_other_month',
      { tradingsymbol, from, to, open },
      `${tradingsymbol} is not in the F&O pre-open (${from}-${to} IST): it takes the current month's futures only (the next month's in the last five trading days before its expiry). Place it from ${open} IST.`,
    ),
  stopLoss: (open: string): Said =>
    said('order.pre_open_stop_loss', { open }, `The F&O pre-open takes only MARKET and LIMIT orders: place the stop-loss from ${open} IST.`),
  closed: (to: string, open: string): Said =>
    said('order.pre_open_closed', { to, open }, `The F&O pre-open stopped taking orders at ${to} IST and matches them now: orders are taken again from ${open} IST.`),
};

/**
 * An order placed while the market is shut, in the pre-open's hours of a day that has one (`exchange` NSE or BSE):
 * queued to the open, or refused with the reason. Null: not in those hours (the after-market rules apply).
 */
export async function preOpenPlacement(q: Queryable, exchange: 'NSE' | 'BSE', intent: Pick<OrderIntent, 'tradingsymbol' | 'orderType'>, now: Date): Promise<PreOpenPlacement | null> {
  const day = istDate(now);
  const calendar = await loadTradingCalendar(q, exchange);
  // A special session (Muhurat, a drill) keeps its own hours and has no pre-open.
  if (!isTradingDay(calendar, day) || calendar.specialSessions.has(day)) return null;
  const { preOpen, open } = regularSessionOn(calendar, day);
  const minute = istMinutes(now);
  if (preOpen === null || minute < clockMinutes(preOpen.from) || minute >= clockMinutes(open)) return null;
  if (minute >= clockMinutes(preOpen.to)) return { refusal: preOpenTexts.closed(preOpen.to, open) };
  const kind = await inPreOpen(q, intent.tradingsymbol, day);
  if (kind === 'option') return { refusal: preOpenTexts.options(preOpen.from, preOpen.to, open) };
  if (kind === 'other_month') return { refusal: preOpenTexts.otherMonth(intent.tradingsymbol, preOpen.from, preOpen.to, open) };
  if (intent.orderType === 'SL' || intent.orderType === 'SL-M') return { refusal: preOpenTexts.stopLoss(open) };
  return { releaseAt: istInstant(day, open) };
}
