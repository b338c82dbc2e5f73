// Price alerts: each active alert's symbol's last price (an index's spot, an option's last traded price) is
// compared with what the watcher saw last time. Crossing the level since then (above: before < level ≤ now;
// below: before > level ≥ now) fires it; `once` then turns it off, `every_time` waits for the next crossing.
// The first look only records the price: a level already passed when the alert was made is not a crossing.
// An alert on an option whose contract has expired (the close of its expiry day, 15:40 IST since 3 August 2026) can never fire: it is turned
// off, and the trader told so once.
import type { Queryable } from '../../../db/database.ts';
import { formatPaise, toPaise, toRupees } from '../../brokers/paper/paise.ts';
import { said } from '../../texts/said.ts';
import type { MarketService } from '../../market/market-service.ts';
import { loadSegmentSessions, segmentOf } from '../../market/calendar-data.ts';
import { recordAlert } from '../alert-log.ts';
import { contractExpired, optionExpiryColumn, priceAlertColumns, type PriceAlertRow } from '../price-alerts-service.ts';

export type WatchedSymbol = { symbol: string; exchange: 'NFO' | 'BFO' | null };

/** The last price (paise) of each symbol it knows, keyed by symbol; read through the watcher's transaction. */
export type LastPriceSource = (symbols: readonly WatchedSymbol[], q: Queryable) => Promise<Map<string, number>>;

/** Indices from the market's stored state, options from its quotes (computed from that same state). */
export function marketLastPrices(market: MarketService): LastPriceSource {
  return async (symbols, q) => {
    const states = await market.readStates(q);
    const prices = new Map<string, number>();
    const options: string[] = [];
    for (const { symbol, exchange } of symbols) {
      if (exchange === null) {
        const state = [...states.values()].find((entry) => entry.name === symbol);
        if (state !== undefined) prices.set(symbol, state.spotPaise);
      } else options.push(`${exchange}:${symbol}`);
    }
    if (options.length > 0) {
      for (const [key, quote] of Object.entries(await market.quotes(options, states, q))) prices.set(key.slice(4), toPaise(quote.last_price));
    }
    return prices;
  };
}

const indexLevel = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function crossed(direction: 'above' | 'below', levelPaise: number, beforePaise: number, nowPaise: number): boolean {
  return direction === 'above' ? beforePaise < levelPaise && levelPaise <= nowPaise : beforePaise > levelPaise && levelPaise >= nowPaise;
}

export function createPriceWatcher(prices: LastPriceSource) {
  return async function watchPrices(tx: Queryable, now: Date): Promise<number> {
    const { rows } = await tx.query<PriceAlertRow & { user_id: number; expiry: string | null }>(
      `SELECT ${priceAlertColumns}, user_id, ${optionExpiryColumn} FROM price_alerts WHERE active ORDER BY id FOR UPDATE`,
    );
    let written = 0;
    const sessions = await loadSegmentSessions(tx);
    const expired = (row: PriceAlertRow & { expiry: string | null }) => contractExpired(row.expiry, now, segmentOf(sessions, row.exchange));
    for (const row of rows) {
      if (expired(row)) {
        const level = formatPaise(Number(row.level_paise));
        const id = await recordAlert(tx, {
          userId: row.user_id,
          accountId: null,
          category: 'price',
          event: 'price_alert_expired',
          severity: 'info',
          title: said('alert.price_expired_title', { symbol: row.symbol }, `${row.symbol} expired: price alert off`),
          body: said(
            'alert.price_expired_body',
            { expiry: row.expiry!, direction: row.direction, level: toRupees(Number(row.level_paise)) },
            `The contract expired on ${row.expiry} at the day's close; its alert ${row.direction === 'above' ? 'above' : 'below'} ${level} can no longer fire.`,
          ),
          link: '/app/strategy_alerts?view=price',
          at: now,
          dedupeKey: `price:${row.id}:expired`,
        });
        if (id !== null) written += 1;
        await tx.query('UPDATE price_alerts SET active = false WHERE id = $1', [row.id]);
      }
    }
    const live = rows.filter((row) => !expired(row));
    if (live.length === 0) return written;
    const unique = new Map(live.map((row) => [row.symbol, { symbol: row.symbol, exchange: row.exchange }]));
    const last = await prices([...unique.values()], tx);
    for (const row of live) {
      const nowPaise = last.get(row.symbol);
      if (nowPaise === undefined) continue;
      const beforePaise = row.last_price_paise === null ? null : Number(row.last_price_paise);
      const levelPaise = Number(row.level_paise);
      const fired = beforePaise !== null && crossed(row.direction, levelPaise, beforePaise, nowPaise);
      if (!fired) {
        if (beforePaise !== nowPaise) await tx.query('UPDATE price_alerts SET last_price_paise = $2 WHERE id = $1', [row.id, nowPaise]);
        continue;
      }
      const count = row.triggered_count + 1;
      const isIndex = row.exchange === null;
      const show = (paise: number) => (isIndex ? indexLevel.format(paise / 100) : formatPaise(paise));
      const id = await recordAlert(tx, {
        userId: row.user_id,
        accountId: null,
        category: 'price',
        event: 'price_crossed',
        severity: 'info',
        // An index level is points, an option's price rupees: the app formats each as such.
        title: said(
          'alert.price_crossed_title',
          { symbol: row.symbol, direction: row.direction, kind: isIndex ? 'index' : 'option', level: toRupees(levelPaise) },
          `${row.symbol} ${row.direction === 'above' ? 'rose above' : 'fell below'} ${show(levelPaise)}`,
        ),
        body: said(
          'alert.price_crossed_body',
          { kind: isIndex ? 'index' : 'option', last: toRupees(nowPaise), repeat: row.repeat },
          `Last price ${show(nowPaise)}. ${row.repeat === 'once' ? 'This alert fired once and is now off.' : 'This alert fires every time the price crosses the level.'}`,
        ),
        link: isIndex ? `/app/tv_chart?symbol=${encodeURIComponent(row.symbol)}` : `/app/dashboards/live-trade?symbol=${encodeURIComponent(row.symbol)}`,
        at: now,
        dedupeKey: `price:${row.id}:${count}`,
      });
      if (id !== null) written += 1;
      await tx.query(
        'UPDATE price_alerts SET last_price_paise = $2, triggered_count = $3, last_triggered_at = $4, active = $5 WHERE id = $1',
        [row.id, nowPaise, count, now, row.repeat === 'every_time'],
      );
    }
    return written;
  };
}
