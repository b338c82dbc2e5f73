// The mirror of what StrikeDesk placed on a live account (kite_tags, kite_orders, kite_trades: migration 019;
// the tables keep their first broker's name and hold every live broker's, by account). A broker knows
// nothing of portfolios and bots, so each order's attribution is written here: first under its tag, before
// the place call (an order later found only by its tag is attributed from there), then on the order's row
// once the broker answered its id. Every later look at the broker (the book read after a call, a postback or
// webhook confirmed by the book, the leader's periodic read) goes through sync(), which only moves an order
// forward: a final status is never replaced by an older transient one, and filled quantities never shrink,
// whatever order the updates arrive in.
import type { LocalText } from '../../texts/said.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { istDate } from '../../market/ist.ts';
import type { BrokerTrade, OrderBot, OrderIntent, OrderPurpose } from '../broker-trading.ts';
import type { WireOrder, WireTrade } from './live-wire.ts';
import { isFinal, mirrorColumns, type LiveState, type MirrorOrder } from './order-mapping.ts';
import { claimAutosliceChild, claimSend, claimUnnamedChild, markSent, type IntentNumber } from './sends.ts';

export type Attribution = { portfolioId: number | null; bot: OrderBot | null; purpose: OrderPurpose; ocoGroup: string | null };

/** An order whose status or fills changed in a sync: `before` is the mirror's status until then. */
export type StatusChange = { order: MirrorOrder; before: string };

export type PlacedOrder = {
  orderId: string;
  parentOrderId: string | null;
  tag: string;
  intent: OrderIntent;
  /** The variety it was sent as ("amo" outside market hours); an order never sent is "regular". */
  variety?: string;
  marketProtection: number | null;
  /** The broker's status when known; a freshly accepted order is "PUT ORDER REQ RECEIVED" until the book says more. */
  status: string;
  statusMessage: string | null;
  /** statusMessage as a code when StrikeDesk wrote it (an order it did not send); null for the broker's own words. */
  statusMessageI18n?: LocalText | null;
  instrumentToken: number;
  /** Its place in the intent that planned it (null: the kill switch's, a stop-loss's or a target's). */
  number: IntentNumber | null;
};

/** The broker's word on an order merged into the mirror's: forward only. */
function merged(row: MirrorOrder, state: LiveState): LiveState {
  let status = state.status;
  // A postback's UPDATE (a partial fill, a modification) is no status of its own.
  if (status === 'UPDATE') status = row.status === 'TRIGGER PENDING' || row.status === 'OPEN' ? row.status : 'OPEN';
  if (isFinal(row.status) && !isFinal(status)) status = row.status;
  const older = state.filled_quantity < row.filled_quantity;
  return {
    ...state,
    status,
    filled_quantity: older ? row.filled_quantity : state.filled_quantity,
    filled_value_paise: older ? Number(row.filled_value_paise) : state.filled_value_paise,
    converted_to_limit: row.converted_to_limit || state.converted_to_limit,
    placed_at: state.placed_at ?? new Date(row.placed_at),
    exchange_order_id: state.exchange_order_id ?? row.exchange_order_id,
    parent_order_id: state.parent_order_id ?? row.parent_order_id,
  };
}

/** `childrenNameParent`: a slice child in the book names its call's parent (Kite); else it is matched by its tag alone (Upstox). */
export function createMirror({ db, clock, childrenNameParent = true }: { db: Database; clock: Clock; childrenNameParent?: boolean }) {
  async function rememberTag(accountId: number, tag: string, who: Attribution): Promise<void> {
    await db.query(
      `INSERT INTO kite_tags (broker_account_id, tag, portfolio_id, bot_kind, bot_id, purpose, oco_group, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (broker_account_id, tag) DO UPDATE SET portfolio_id = EXCLUDED.portfolio_id, bot_kind = EXCLUDED.bot_kind, bot_id = EXCLUDED.bot_id,
         purpose = EXCLUDED.purpose, oco_group = EXCLUDED.oco_group, created_at = EXCLUDED.created_at`,
      [accountId, tag, who.portfolioId, who.bot?.kind ?? null, who.bot?.id ?? null, who.purpose, who.ocoGroup, clock()],
    );
  }

  /** An order the broker accepted (or refused with its own id, a slice child's), as StrikeDesk sent it. */
  /** `q`: the caller's transaction (an autoslice call's children are recorded under its sends' lock). */
  async function recordPlaced(accountId: number, placed: PlacedOrder, who: Attribution, q?: Queryable): Promise<void> {
    const now = clock();
    const { intent, number } = placed;
    const inTransaction = (fn: (tx: Queryable) => Promise<void>) => (q === undefined ? db.transaction(fn) : fn(q));
    await inTransaction(async (tx) => {
      if (number !== null && !placed.orderId.startsWith('SD')) await markSent(tx, accountId, number, placed.orderId);
      // A ticker update or postback may have adopted the order between the broker's answer and this write, by its
      // tag alone: the row then lacks the intent's number and the order's own attribution, given here.
      await tx.query(
        `INSERT INTO kite_orders (broker_account_id, order_id, parent_order_id, tag, portfolio_id, bot_kind, bot_id, purpose, oco_group, variety, exchange,
           tradingsymbol, instrument_token, transaction_type, order_type, requested_order_type, product, quantity, price_paise, trigger_price_paise, status,
           status_message, pending_quantity, market_protection, trading_day, placed_at, updated_at, intent_ref, intent_slice, status_message_i18n)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $28, $10, $11, $12, $13, $14, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $24, $25, $26, $27::jsonb)
         ON CONFLICT (broker_account_id, order_id) DO UPDATE SET intent_ref = EXCLUDED.intent_ref, intent_slice = EXCLUDED.intent_slice,
           portfolio_id = EXCLUDED.portfolio_id, bot_kind = EXCLUDED.bot_kind, bot_id = EXCLUDED.bot_id, purpose = EXCLUDED.purpose, oco_group = EXCLUDED.oco_group,
           market_protection = EXCLUDED.market_protection
         WHERE kite_orders.intent_ref IS NULL AND EXCLUDED.intent_ref IS NOT NULL`,
        [
          accountId, placed.orderId, placed.parentOrderId, placed.tag, who.portfolioId, who.bot?.kind ?? null, who.bot?.id ?? null, who.purpose,
          who.ocoGroup, intent.exchange, intent.tradingsymbol, placed.instrumentToken, intent.side, intent.orderType, intent.product, intent.quantity,
          intent.pricePaise, intent.triggerPaise, placed.status, placed.statusMessage, isFinal(placed.status) ? 0 : intent.quantity,
          placed.marketProtection, istDate(now), now, number?.ref ?? null, number?.slice ?? null,
          placed.statusMessageI18n ? JSON.stringify(placed.statusMessageI18n) : null, placed.variety ?? 'regular',
        ],
      );
    });
  }

  async function insertAdopted(q: Queryable, accountId: number, order: WireOrder, who: Attribution, number: IntentNumber | null, now: Date): Promise<MirrorOrder | null> {
    const state = order;
    const placedAt = state.placed_at ?? now;
    const { rows } = await q.query<MirrorOrder>(
      `INSERT INTO kite_orders (broker_account_id, order_id, parent_order_id, exchange_order_id, tag, portfolio_id, bot_kind, bot_id, purpose, oco_group,
         variety, exchange, tradingsymbol, instrument_token, transaction_type, order_type, requested_order_type, product, quantity, price_paise,
         trigger_price_paise, status, status_message, filled_quantity, pending_quantity, cancelled_quantity, filled_value_paise, market_protection,
         converted_to_limit, trading_day, placed_at, exchange_at, updated_at, intent_ref, intent_slice)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30,
         $31, $32, $33, $34, $35)
       ON CONFLICT (broker_account_id, order_id) DO NOTHING RETURNING ${mirrorColumns}`,
      [
        accountId, order.order_id, state.parent_order_id, state.exchange_order_id, order.tag, who.portfolioId, who.bot?.kind ?? null, who.bot?.id ?? null,
        who.purpose, who.ocoGroup, state.variety, state.exchange, state.tradingsymbol, state.instrument_token, state.transaction_type, state.order_type,
        state.converted_to_limit ? 'MARKET' : state.order_type, state.product, state.quantity, state.price_paise, state.trigger_price_paise, state.status === 'UPDATE' ? 'OPEN' : state.status,
        state.status_message, state.filled_quantity, state.pending_quantity, state.cancelled_quantity, state.filled_value_paise,
        order.market_protection, state.converted_to_limit, istDate(placedAt), placedAt, state.exchange_at, now,
        number?.ref ?? null, number?.slice ?? null,
      ],
    );
    return rows[0] ?? null;
  }

  async function update(q: Queryable, row: MirrorOrder, state: LiveState, now: Date): Promise<MirrorOrder> {
    const next = merged(row, state);
    const { rows } = await q.query<MirrorOrder>(
      `UPDATE kite_orders SET exchange_order_id = $3, parent_order_id = $4, order_type = $5, quantity = $6, price_paise = $7, trigger_price_paise = $8,
         status = $9, status_message = $10,
         status_message_i18n = CASE WHEN status_message IS DISTINCT FROM $10 THEN NULL ELSE status_message_i18n END, filled_quantity = $11, pending_quantity = $12, cancelled_quantity = $13, filled_value_paise = $14,
         converted_to_limit = $15, exchange_at = coalesce($16, exchange_at), updated_at = $17, instrument_token = $18, variety = $19
       WHERE broker_account_id = $1 AND order_id = $2 RETURNING ${mirrorColumns}`,
      [
        row.broker_account_id, row.order_id, next.exchange_order_id, next.parent_order_id, next.order_type, next.quantity, next.price_paise,
        next.trigger_price_paise, next.status, next.status_message, next.filled_quantity, isFinal(next.status) ? 0 : next.pending_quantity,
        next.cancelled_quantity, next.filled_value_paise, next.converted_to_limit, next.exchange_at, now, next.instrument_token, next.variety,
      ],
    );
    return rows[0]!;
  }

  const changedFrom = (row: MirrorOrder, state: LiveState) => {
    const next = merged(row, state);
    return (
      next.status !== row.status || next.filled_quantity !== row.filled_quantity || next.cancelled_quantity !== row.cancelled_quantity ||
      next.quantity !== row.quantity || next.price_paise !== Number(row.price_paise) || next.trigger_price_paise !== Number(row.trigger_price_paise) ||
      next.order_type !== row.order_type || next.status_message !== row.status_message || next.exchange_order_id !== row.exchange_order_id ||
      next.converted_to_limit !== row.converted_to_limit || next.instrument_token !== Number(row.instrument_token)
    );
  };

  /**
   * Brings the mirror up to what the broker says of these orders (and adds their fills): rows StrikeDesk has move
   * forward, orders carrying one of its tags are adopted, anything else is the trader's own and left out.
   * Answers the orders whose status or fills changed, inside `q` when given (the caller's transaction).
   */
  async function sync(accountId: number, orders: readonly WireOrder[], trades: readonly WireTrade[] = [], q?: Queryable): Promise<StatusChange[]> {
    const run = async (tx: Queryable): Promise<StatusChange[]> => {
      const now = clock();
      const ids = orders.map((order) => order.order_id);
      const { rows: existing } = await tx.query<MirrorOrder>(
        `SELECT ${mirrorColumns} FROM kite_orders WHERE broker_account_id = $1 AND order_id = ANY($2::text[]) ORDER BY id FOR UPDATE`,
        [accountId, ids],
      );
      const byId = new Map(existing.map((row) => [row.order_id, row]));
      const tags = [...new Set(orders.filter((order) => !byId.has(order.order_id) && order.tag !== null).map((order) => order.tag!))];
      const attributions = await attributionsOf(tx, accountId, tags);
      const changes: StatusChange[] = [];
      for (const order of orders) {
        const state = order;
        const row = byId.get(order.order_id);
        if (row === undefined) {
          if (order.tag === null) continue;
          // A numbered send first (a lost answer's order of an intent; a slice child within its call: by the
          // parent it names, or by its tag alone where the broker names none), else the tag's attribution.
          const parent = order.slice_parent;
          const tagged = { ...order, tag: order.tag };
          const sent = parent !== null
            ? await claimAutosliceChild(tx, accountId, { ...tagged, parent })
            : ((await claimSend(tx, accountId, tagged)) ?? (childrenNameParent ? null : await claimUnnamedChild(tx, accountId, tagged)));
          const who = sent?.who ?? attributions.get(order.tag);
          if (who === undefined) continue;
          const adopted = await insertAdopted(tx, accountId, order, who, sent?.number ?? null, now);
          if (adopted !== null) changes.push({ order: adopted, before: 'PUT ORDER REQ RECEIVED' });
          continue;
        }
        if (!changedFrom(row, state)) continue;
        const after = await update(tx, row, state, now);
        if (after.status !== row.status || after.filled_quantity !== row.filled_quantity) changes.push({ order: after, before: row.status });
      }
      await insertTrades(tx, accountId, trades);
      return changes;
    };
    return q === undefined ? db.transaction(run) : run(q);
  }

  async function attributionsOf(q: Queryable, accountId: number, tags: readonly string[]): Promise<Map<string, Attribution>> {
    if (tags.length === 0) return new Map();
    const { rows } = await q.query<{ tag: string; portfolio_id: number | null; bot_kind: OrderBot['kind'] | null; bot_id: number | null; purpose: OrderPurpose; oco_group: string | null }>(
      'SELECT tag, portfolio_id, bot_kind, bot_id, purpose, oco_group FROM kite_tags WHERE broker_account_id = $1 AND tag = ANY($2::text[])',
      [accountId, tags],
    );
    return new Map(
      rows.map((row) => [
        row.tag,
        { portfolioId: row.portfolio_id, bot: row.bot_kind === null || row.bot_id === null ? null : { kind: row.bot_kind, id: Number(row.bot_id) }, purpose: row.purpose, ocoGroup: row.oco_group },
      ]),
    );
  }

  async function insertTrades(q: Queryable, accountId: number, trades: readonly WireTrade[]): Promise<void> {
    for (const trade of trades) {
      const filledAt = trade.filled_at ?? clock();
      await q.query(
        `INSERT INTO kite_trades (broker_account_id, trade_id, order_id, portfolio_id, instrument_token, exchange, tradingsymbol, product, transaction_type,
           quantity, price_paise, trading_day, filled_at)
         SELECT $1, $2, o.order_id, o.portfolio_id, $3, $4, $5, $6, $7, $8, $9, $10, $11 FROM kite_orders o WHERE o.broker_account_id = $1 AND o.order_id = $12
         ON CONFLICT (broker_account_id, trade_id) DO NOTHING`,
        [
          accountId, trade.trade_id, trade.instrument_token, trade.exchange, trade.tradingsymbol, trade.product, trade.transaction_type, trade.quantity,
          trade.price_paise, istDate(filledAt), filledAt, trade.order_id,
        ],
      );
    }
  }

  async function byIds(accountId: number, orderIds: readonly string[], q: Queryable = db): Promise<MirrorOrder[]> {
    const { rows } = await q.query<MirrorOrder>(
      `SELECT ${mirrorColumns} FROM kite_orders WHERE broker_account_id = $1 AND order_id = ANY($2::text[]) ORDER BY id`,
      [accountId, orderIds],
    );
    const byId = new Map(rows.map((row) => [row.order_id, row]));
    return orderIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  /** An intent's orders in the mirror, by their number. */
  async function byIntent(accountId: number, ref: string): Promise<Map<number, MirrorOrder>> {
    const { rows } = await db.query<MirrorOrder>(`SELECT ${mirrorColumns} FROM kite_orders WHERE broker_account_id = $1 AND intent_ref = $2`, [accountId, ref]);
    return new Map(rows.map((row) => [Number(row.intent_slice), row]));
  }

  async function byTag(accountId: number, tag: string, since: Date | null): Promise<MirrorOrder[]> {
    const { rows } = await db.query<MirrorOrder>(
      `SELECT ${mirrorColumns} FROM kite_orders WHERE broker_account_id = $1 AND tag = $2 AND ($3::timestamptz IS NULL OR placed_at >= $3) ORDER BY id`,
      [accountId, tag, since],
    );
    return rows;
  }

  /** A day's mirrored orders and trades, newest first; with `since`, those changed at or after it. */
  async function onDay(accountId: number, day: string, since: Date | null): Promise<{ orders: MirrorOrder[]; trades: BrokerTrade[] }> {
    const { rows: orders } = await db.query<MirrorOrder>(
      `SELECT ${mirrorColumns} FROM kite_orders WHERE broker_account_id = $1 AND trading_day = $2::date AND ($3::timestamptz IS NULL OR updated_at >= $3)
       ORDER BY placed_at DESC, id DESC`,
      [accountId, day, since],
    );
    const { rows: trades } = await db.query<BrokerTrade>(
      // The broker prices an order's charges once it completes; each fill carries its share (null until then).
      `SELECT t.trade_id, t.order_id, t.broker_account_id, t.portfolio_id, t.instrument_token, t.exchange, t.tradingsymbol, t.product,
         t.transaction_type, t.quantity, t.price_paise, 'fill' AS kind, t.filled_at,
         CASE WHEN o.charges_paise IS NULL OR o.filled_quantity = 0 THEN NULL ELSE round(o.charges_paise::numeric * t.quantity / o.filled_quantity)::bigint END AS charges_paise,
         coalesce(o.brokerage_priced = false, false) AS brokerage_not_priced
       FROM kite_trades t LEFT JOIN kite_orders o ON o.broker_account_id = t.broker_account_id AND o.order_id = t.order_id
       WHERE t.broker_account_id = $1 AND t.trading_day = $2::date AND ($3::timestamptz IS NULL OR t.filled_at >= $3)
       ORDER BY t.filled_at DESC, t.id DESC`,
      [accountId, day, since],
    );
    return { orders, trades };
  }

  async function working(accountId: number): Promise<MirrorOrder[]> {
    const { rows } = await db.query<MirrorOrder>(
      `SELECT ${mirrorColumns} FROM kite_orders WHERE broker_account_id = $1 AND status NOT IN ('COMPLETE', 'CANCELLED', 'REJECTED') ORDER BY id`,
      [accountId],
    );
    return rows;
  }

  async function countModification(accountId: number, orderId: string): Promise<void> {
    await db.query('UPDATE kite_orders SET modifications = least(modifications + 1, 25), updated_at = $3 WHERE broker_account_id = $1 AND order_id = $2', [
      accountId,
      orderId,
      clock(),
    ]);
  }

  return { rememberTag, recordPlaced, sync, byIds, byIntent, byTag, onDay, working, countModification };
}

export type Mirror = ReturnType<typeof createMirror>;
