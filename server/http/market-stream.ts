// What a live price stream says, as Server-Sent Events: a full snapshot when it subscribes and whenever it
// must resync, then on each tick only what changed since what the subscriber holds (for each moved
// instrument, the quote's fields whose value differs). A whole NIFTY chain's snapshot is about 130 KB; a
// tick's delta is a fraction of it, since the previous close, open interest and far strikes' prices rarely
// move. Written as JSON with names, or in the compact encoding (compact-quotes.ts); worked out once for all
// the streams watching the same instruments (price-channel.ts), gzip on top (gzip-segments.ts).
import type { LastPrice, MarketStatus } from '../services/market/market-service.ts';

export type FullSnapshot = { seq: number; market: MarketStatus; data: Record<string, LastPrice> };
export type TickQuotes = { seq: number; data: Record<string, LastPrice> };
export type QuoteDelta = { [K in keyof LastPrice]?: LastPrice[K] };
/** How events are written: JSON with names (the default), or the compact encoding (compact-quotes.ts). */
export type StreamFormat = 'json' | 'compact';

/**
 * The fields of `next` that differ from `previous` (every field without a previous), null when nothing
 * changed, or 'resync' when a field `previous` had is gone (JSON cannot say "removed": a snapshot must).
 */
export function changedFields(previous: LastPrice | undefined, next: LastPrice): QuoteDelta | null | 'resync' {
  if (previous === undefined) return { ...next };
  const delta: Record<string, unknown> = {};
  for (const key of Object.keys(previous)) if (!(key in next)) return 'resync';
  let changed = false;
  for (const [key, value] of Object.entries(next)) {
    if ((previous as Record<string, unknown>)[key] === value) continue;
    delta[key] = value;
    changed = true;
  }
  return changed ? (delta as QuoteDelta) : null;
}
