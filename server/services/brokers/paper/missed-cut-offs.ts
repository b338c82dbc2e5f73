// The MIS square-off the server missed. Zerodha's risk desk squares intraday (MIS) positions off at the cut-off
// (15:25 IST on a regular day, a special session's own: Muhurat trading's 18:50; session-square-off.ts) whether
// or not anyone is watching; the paper broker's own square-off (settlement.ts) runs on the fill engine's passes,
// so a server stopped before the cut-off and started after it (the same day or days later) would find those
// positions still open. This pass closes each of them as the broker would have at the cut-off: dated at the
// cut-off of that day, at the market's price then (PriceSource.quotesAt: the index's last recorded level at or
// before the cut-off, the option priced at that instant), with the call-and-trade charge of an auto square-off
// and the charge rates of that day. It runs at start (app.ts) and at the head of every pass, before the regular
// square-off and before expiry settlement, so an MIS position on a contract that also expired while the server
// was down is squared off at the cut-off and is not settled.
//
// Exactly once: each account's catch-up is one transaction under the account's lock (as every change of its
// orders) that reads the positions again; the square-off's trade, dated at the cut-off, makes the position
// flat at the cut-off, so a second instance (or pass) finds nothing left to do.
import type { Database, Queryable, Read } from '../../../db/database.ts';
import { istDate, istInstant } from '../../market/ist.ts';
import { addDays, type Session } from '../../market/trading-calendar.ts';
import type { Books } from './books.ts';
import type { Exits } from './exits.ts';
import { lockAccount } from './order-rows.ts';
import type { PriceSource } from './price-source.ts';
import type { MarketScope } from './market-scope.ts';
import { sessionSquareOff } from './session-square-off.ts';

/** A day's session and its MIS square-off (HH:MM IST): trading-calendar.ts DayHours. */
type CutOffHours = Session & { misSquareOff: string };

/** The cut-off instant of an IST day: its session's MIS square-off (15:25 IST on a regular day). */
export const cutOffOn = (day: string, hours: CutOffHours): Date => istInstant(day, hours.misSquareOff);

/**
 * When a cut-off counts as missed: the session's close (15:40 on a regular day since 3 August 2026, 15:30 before;
 * 19:00 after a Muhurat session's 18:50). A server up at the cut-off closes its MIS positions within a pass; one
 * started between the cut-off and the close squares off at the price then, as the risk desk works through its
 * book in those minutes.
 */
export const missedFrom = (day: string, hours: CutOffHours): Date => istInstant(day, hours.close);

/** Open MIS positions, each with the time of its last trade (the position as it stood since then): one account's, or one market's (market-scope.ts). */
const openMisSql = (oneAccount: boolean) => `SELECT t.broker_account_id, a.account_number, a.capital, t.instrument_token, t.portfolio_id, max(t.filled_at) AS last_at
  FROM paper_trades t JOIN broker_accounts a ON a.id = t.broker_account_id
  WHERE t.product = 'MIS' AND ${oneAccount ? 't.broker_account_id = $1' : 'a.market_account_id IS NOT DISTINCT FROM $1::integer'}
  GROUP BY t.broker_account_id, a.account_number, a.capital, t.instrument_token, t.portfolio_id
  HAVING sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) <> 0`;

type OpenMisRow = { broker_account_id: number; account_number: string; capital: string; instrument_token: number; portfolio_id: number | null; last_at: Date };

const legKey = (token: number, portfolioId: number | null) => `${token}:${portfolioId}`;

/**
 * The cut-off a position missed, if any: the cut-off of its last trade's IST day (`hours`: that day's session,
 * session-square-off.ts), when the position stood as it is since then (its last trade no later than the
 * cut-off) and that session has closed. A position last traded after that day's cut-off (an exit placed after
 * it) is left to the regular square-off.
 */
export function missedCutOff(lastTradeAt: Date, now: Date, hours: CutOffHours): Date | null {
  const day = istDate(lastTradeAt);
  const cutOff = cutOffOn(day, hours);
  if (lastTradeAt.getTime() > cutOff.getTime()) return null;
  return missedFrom(day, hours).getTime() <= now.getTime() ? cutOff : null;
}

/**
 * The market as it stood at the cut-off: its quotes then, and a session open (the square-off is the broker's
 * own, at the cut-off of a session). Placing an exit reads only these two (not `marketOpen`, the fill engine's).
 */
function pricedAtCutOff(prices: PriceSource, cutOff: Date): PriceSource {
  return {
    ...prices,
    quotes: (keys, q) => prices.quotesAt(keys, cutOff, q),
    session: async () => ({ open: true, nextOpen: null, closedAt: null }),
  };
}

type MissedCutOffsOptions = { db: Database; prices: PriceSource; books: Books; exitsPricedBy: (prices: PriceSource) => Exits; scope: MarketScope };

export function createMissedCutOffs({ db, prices, books, exitsPricedBy, scope }: MissedCutOffsOptions) {
  const squareOffs = sessionSquareOff(prices);
  /** This market's open MIS positions: the pass's read (paper-market.ts asks it ahead). */
  const openMisRead = (): Read => [openMisSql(false), [scope.feedAccountId]];
  /**
   * The cut-off a position last traded at `lastTradeAt` missed, by its day's session (NSE's calendar). The demo
   * market takes MIS after the cut-off: a position it opened then is due at the next day's cut-off, and missed
   * once that day's session has closed.
   */
  async function missedOf(lastTradeAt: Date, now: Date, q: Queryable): Promise<Date | null> {
    const day = istDate(lastTradeAt);
    const hours = await squareOffs.hoursOn(day, q);
    if (!prices.demo || lastTradeAt.getTime() <= cutOffOn(day, hours).getTime()) return missedCutOff(lastTradeAt, now, hours);
    const next = addDays(day, 1);
    const nextHours = await squareOffs.hoursOn(next, q);
    return missedFrom(next, nextHours).getTime() <= now.getTime() ? cutOffOn(next, nextHours) : null;
  }

  /** Squares off every MIS position left open across a cut-off the server missed; answers how many positions it closed. */
  async function squareOffMissed(now: Date): Promise<number> {
    const { rows } = await db.query<OpenMisRow>(...openMisRead());
    const due = new Map<string, { account: OpenMisRow; cutOff: Date }>();
    for (const row of rows) {
      const cutOff = await missedOf(new Date(row.last_at), now, db);
      if (cutOff !== null) due.set(`${row.broker_account_id}@${cutOff.getTime()}`, { account: row, cutOff });
    }
    let closed = 0;
    // The oldest cut-off first: a trader's account reads in the order things happened.
    for (const { account, cutOff } of [...due.values()].sort((a, b) => a.cutOff.getTime() - b.cutOff.getTime())) {
      closed += await db.transaction((tx) => closeAtCutOff(tx, account, cutOff, now));
    }
    return closed;
  }

  async function closeAtCutOff(tx: Queryable, row: OpenMisRow, cutOff: Date, now: Date): Promise<number> {
    const account = { id: row.broker_account_id, accountNumber: row.account_number, capitalPaise: Math.round(Number(row.capital) * 100) };
    await lockAccount(tx, account.id);
    // Read again under the lock: another instance may have squared these off meanwhile.
    const { rows } = await tx.query<OpenMisRow>(openMisSql(true), [account.id]);
    const missed = new Set<string>();
    for (const open of rows) if ((await missedOf(new Date(open.last_at), now, tx))?.getTime() === cutOff.getTime()) missed.add(legKey(open.instrument_token, open.portfolio_id));
    // A square-off already tried at this cut-off (refused: no price) is not tried again on every pass; the
    // regular square-off of the next session closes the position.
    const { rows: tried } = await tx.query<{ instrument_token: number; portfolio_id: number | null }>(
      `SELECT instrument_token, portfolio_id FROM paper_orders WHERE broker_account_id = $1 AND purpose = 'auto_squareoff' AND placed_at = $2`,
      [account.id, cutOff],
    );
    for (const order of tried) missed.delete(legKey(order.instrument_token, order.portfolio_id));
    const legs = (await books.openLegs(tx, account.id, cutOff)).filter((leg) => leg.product === 'MIS' && missed.has(legKey(leg.contract.instrumentToken, leg.portfolioId)));
    await exitsPricedBy(pricedAtCutOff(prices, cutOff)).closeLegs(tx, account, legs, { tag: 'AUTO-SQOFF', purpose: 'auto_squareoff' }, cutOff);
    return legs.length;
  }

  return { squareOffMissed, passReads: (): Read[] => [openMisRead()] };
}

export type MissedCutOffs = ReturnType<typeof createMissedCutOffs>;
