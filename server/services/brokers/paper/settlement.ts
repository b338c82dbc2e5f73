// What the paper broker does on its own, without an order: MIS positions squared off from 15:25 IST (a special
// session's own cut-off: session-square-off.ts; as Zerodha does for F&O, in every mode: the demo market never
// closes, so there too each day, a position it opened after the cut-off at the next day's), each order
// charged Zerodha's ₹50 + GST call-and-trade; and contracts past their expiry day's close (15:40 IST since 3 August 2026) settled at
// intrinsic value against the exchange's closing value of the index (the average of its last 30 minutes),
// with the charges of an exercise or assignment (charges.ts expiryCharges); a stock's contracts settle by delivery
// of the shares instead (settleByDelivery). Each account's change is its own
// transaction under its lock. A cut-off the server was down for is caught up by missed-cut-offs.ts.
import { orderTexts } from '../../texts/order-texts.ts';
import type { Database, Queryable, Read } from '../../../db/database.ts';
import { istDate } from '../../market/ist.ts';
import type { Side } from '../broker-trading.ts';
import type { Books, OpenLeg } from './books.ts';
import { expiryCharges, noCharges } from './charges.ts';
import type { DeliveryRules } from './delivery-rules.ts';
import { deliveryObligation } from '../../market/derivatives/physical-settlement.ts';
import { expired, type Contracts } from './contracts.ts';
import type { Exits } from './exits.ts';
import { cancelRow, lockAccount, orderColumns, tradeInsertSql, tradeValues, type OrderRow } from './order-rows.ts';
import type { PriceSource } from './price-source.ts';
import { inScope, type MarketScope } from './market-scope.ts';
import { recordAccountNotice } from '../../notices/stream-notices.ts';

type SettlementOptions = { db: Database; prices: PriceSource; contracts: Contracts; books: Books; exits: Exits; scope: MarketScope; delivery: DeliveryRules };

export function createSettlement({ db, prices, contracts, books, exits, scope, delivery }: SettlementOptions) {
  const { contractsByToken, ratesFor } = contracts;
  const { openLegs } = books;
  const { closeLegs } = exits;

  /**
   * The broker's own MIS square-off: today's intraday positions closed at market from the session's cut-off
   * (15:25 IST, session-square-off.ts). `stoodAt`: in the demo market, today's cut-off; only positions as they
   * stood then are closed, one traded since (opened after the cut-off, as the demo market allows) waits for
   * the next day's.
   */
  async function squareOffMis(now: Date, stoodAt: Date | null = null): Promise<void> {
    const { rows } = await db.query<{ broker_account_id: number; account_number: string; capital: string }>(
      `SELECT DISTINCT p.broker_account_id, a.account_number, a.capital FROM paper_positions p JOIN broker_accounts a ON a.id = p.broker_account_id
       WHERE p.product = 'MIS' AND p.quantity <> 0 AND a.market_account_id IS NOT DISTINCT FROM $1::integer`,
      [scope.feedAccountId],
    );
    for (const row of rows) {
      const account = { id: row.broker_account_id, accountNumber: row.account_number, capitalPaise: Math.round(Number(row.capital) * 100) };
      await db.transaction(async (tx) => {
        const later = stoodAt === null ? new Set<string>() : await tradedSince(tx, account.id, stoodAt);
        const legs = (await openLegs(tx, account.id, now)).filter((leg) => leg.product === 'MIS' && !later.has(`${leg.contract.instrumentToken}:${leg.portfolioId}`));
        if (legs.length > 0) await closeLegs(tx, account, legs, { tag: 'AUTO-SQOFF', purpose: 'auto_squareoff' }, now);
      });
    }
  }

  /** The account's MIS positions (`token:portfolio`) traded after `at`. */
  async function tradedSince(q: Queryable, accountId: number, at: Date): Promise<Set<string>> {
    const { rows } = await q.query<{ instrument_token: number; portfolio_id: number | null }>(
      `SELECT instrument_token, portfolio_id FROM paper_trades WHERE broker_account_id = $1 AND product = 'MIS' AND filled_at > $2 GROUP BY instrument_token, portfolio_id`,
      [accountId, at],
    );
    return new Set(rows.map((row) => `${row.instrument_token}:${row.portfolio_id}`));
  }

  // The pass's reads (paper-market.ts asks them ahead): positions, and working orders, in contracts whose expiry day has come.
  const expiredPositionsRead = (now: Date): Read => [
    `SELECT DISTINCT t.broker_account_id, t.instrument_token
       FROM (SELECT broker_account_id, instrument_token FROM paper_positions WHERE quantity <> 0) t
       JOIN instruments i ON i.instrument_token = t.instrument_token
       WHERE i.expiry <= $1::date AND ${inScope('t.broker_account_id', 2)}`,
    [istDate(now), scope.feedAccountId],
  ];
  const expiredOrdersRead = (now: Date): Read => [
    `SELECT DISTINCT o.broker_account_id, o.instrument_token FROM paper_orders o JOIN instruments i ON i.instrument_token = o.instrument_token
       WHERE i.expiry <= $1::date AND o.status IN ('OPEN', 'TRIGGER PENDING')`,
    [istDate(now)],
  ];

  /** Contracts past their expiry day's close (15:40 IST since 3 August 2026) settle at intrinsic value against the index's closing value. */
  async function settleExpired(now: Date): Promise<number> {
    // The positions netted first, then their contracts looked up by key: joining first made Postgres hash
    // every listed contract that expired (tens of thousands after a year of listings) on each pass, to keep
    // the few still held.
    const { rows } = await db.query<{ broker_account_id: number; instrument_token: number }>(...expiredPositionsRead(now));
    let settled = 0;
    for (const row of rows) {
      const contract = (await contractsByToken(db, [row.instrument_token], now)).get(row.instrument_token);
      if (contract === undefined || !expired(contract, now)) continue;
      const spotPaise = await prices.closingValuePaise(contract.index, contract.expiry, db);
      if (await delivery.settlesByDelivery(db, contract)) {
        settled += await db.transaction(async (tx) => {
          await lockAccount(tx, row.broker_account_id);
          await cancelWorking(tx, row.broker_account_id, row.instrument_token, now);
          const legs = (await openLegs(tx, row.broker_account_id, now)).filter((leg) => leg.contract.instrumentToken === row.instrument_token);
          for (const leg of legs) await settleByDelivery(tx, row.broker_account_id, leg, spotPaise, now);
          if (legs.length > 0) await recordAccountNotice(tx, 'account', row.broker_account_id);
          return legs.length;
        });
        continue;
      }
      const strikePaise = contract.strike * 100;
      // A future settles at the closing value itself (a long's sale there makes its P&L); an option at its intrinsic value.
      const intrinsicPaise = contract.kind === 'FUT' ? spotPaise : Math.max(0, contract.kind === 'CE' ? spotPaise - strikePaise : strikePaise - spotPaise);
      settled += await db.transaction(async (tx) => {
        await lockAccount(tx, row.broker_account_id);
        await cancelWorking(tx, row.broker_account_id, row.instrument_token, now);
        const legs = (await openLegs(tx, row.broker_account_id, now)).filter((leg) => leg.contract.instrumentToken === row.instrument_token);
        const rates = await ratesFor(tx, contract.exchange, istDate(now), contract.tradingsymbol);
        for (const leg of legs) {
          const long = leg.quantity > 0;
          const side: Side = long ? 'SELL' : 'BUY';
          const quantity = Math.abs(leg.quantity);
          const charges = expiryCharges(rates, { long, quantity, intrinsicPaise, freezeQuantity: contract.freezeQuantity });
          const owner = { accountId: row.broker_account_id, portfolioId: leg.portfolioId, product: leg.product };
          await tx.query(tradeInsertSql(1), tradeValues(null, contract, side, quantity, intrinsicPaise, charges, 'settlement', now, owner));
        }
        // Settled without an order, so no order change tells the desk: a notice does (stream-notices.ts).
        if (legs.length > 0) await recordAccountNotice(tx, 'account', row.broker_account_id);
        return legs.length;
      });
    }
    await cancelExpiredOrders(now);
    return settled;
  }

  /**
   * A stock contract's position at expiry (SEBI: stock F&O settles by delivery): it closes without charges, a future
   * at the final settlement price (its last day's P&L), an option for nothing (its value is in the delivery at the
   * strike), and what it owes becomes a delivery of the shares (physical-settlement.ts deliveryObligation), the cash
   * moved by its value and its charges (paper_deliveries' trigger, migration 123). An option out of the money owes
   * nothing: it expires worthless, as an index option does.
   */
  async function settleByDelivery(tx: Queryable, accountId: number, leg: OpenLeg, settlementPaise: number, now: Date): Promise<void> {
    const { contract } = leg;
    const owner = { accountId, portfolioId: leg.portfolioId, product: leg.product };
    const closePaise = contract.kind === 'FUT' ? settlementPaise : 0;
    await tx.query(tradeInsertSql(1), tradeValues(null, contract, leg.quantity > 0 ? 'SELL' : 'BUY', Math.abs(leg.quantity), closePaise, noCharges, 'settlement', now, owner));
    const obligation = deliveryObligation({ kind: contract.kind, strike: contract.kind === 'FUT' ? null : contract.strike, quantity: leg.quantity }, settlementPaise);
    if (obligation === null) return;
    const side = obligation.direction === 'receive' ? 'BUY' : 'SELL';
    // The rates of the expiry day, even when a server that was down settles it later.
    const charges = await delivery.deliveryCharges(tx, contract.expiry, side, obligation.valuePaise);
    await tx.query(
      `INSERT INTO paper_deliveries (broker_account_id, portfolio_id, product, instrument_token, tradingsymbol, symbol, contract_kind, expiry, side, shares,
         price_paise, value_paise, stt_paise, stamp_paise, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11, $12, $13, $14, $15)`,
      [accountId, leg.portfolioId, leg.product, contract.instrumentToken, contract.tradingsymbol, contract.index, contract.kind, contract.expiry, side, obligation.shares,
        obligation.pricePaise, obligation.valuePaise, charges.sttPaise, charges.stampPaise, now],
    );
  }

  /** An expired contract's working orders end cancelled, whatever the account holds of it. */
  async function cancelWorking(tx: Queryable, accountId: number, instrumentToken: number, now: Date): Promise<void> {
    const { rows: working } = await tx.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.instrument_token = $2 AND o.status IN ('OPEN', 'TRIGGER PENDING')`,
      [accountId, instrumentToken],
    );
    for (const order of working) await cancelRow(tx, order, orderTexts.cancelledExpired, now);
  }

  /**
   * Working orders on a contract that expired with no position in it (a limit buy that never filled): the
   * settlement above cancels those of the positions it settles, these would otherwise stay OPEN for ever.
   */
  async function cancelExpiredOrders(now: Date): Promise<void> {
    const { rows } = await db.query<{ broker_account_id: number; instrument_token: number }>(...expiredOrdersRead(now));
    for (const row of rows) {
      const contract = (await contractsByToken(db, [row.instrument_token], now)).get(row.instrument_token);
      if (contract === undefined || !expired(contract, now)) continue;
      await db.transaction(async (tx) => {
        await lockAccount(tx, row.broker_account_id);
        await cancelWorking(tx, row.broker_account_id, row.instrument_token, now);
      });
    }
  }

  return { squareOffMis, settleExpired, passReads: (now: Date): Read[] => [expiredPositionsRead(now), expiredOrdersRead(now)] };
}
