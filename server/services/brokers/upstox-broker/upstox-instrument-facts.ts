// What Upstox's instrument file says of each index's freeze quantity, recorded once an IST day beside the value
// of StrikeDesk's dated table (broker_instrument_facts, migration 091) as Kite's dump differences are
// (kite_instrument_loads): the Market facts screen says where they disagree, and that Upstox's is the one used
// for Upstox's orders (upstox-contracts.ts). Only underlyings StrikeDesk trades are kept (the file lists every
// stock option too).
import type { Queryable } from '../../../db/database.ts';
import { freezeInForce } from '../../market/freeze-quantities.ts';
import { mostCommon } from '../kite-broker/instrument-facts.ts';

/** Each underlying's most common freeze quantity among its listed options (one odd row does not decide it). */
export function freezeByUnderlying(listed: readonly { name: string; freeze: number }[]): Map<string, number> {
  const values = new Map<string, number[]>();
  for (const { name, freeze } of listed) {
    if (freeze <= 0) continue;
    values.set(name, [...(values.get(name) ?? []), freeze]);
  }
  return new Map([...values].map(([name, freezes]) => [name, mostCommon(freezes)]));
}

/**
 * Records the day's values (a second load of the same day, another instance's, rewrites the same row). A
 * failure is not the order's: the caller drops it, the next day's load records again.
 */
export async function recordFreezeQuantities(q: Queryable, broker: string, day: string, now: Date, listed: readonly { name: string; freeze: number }[]): Promise<void> {
  for (const [underlying, brokerValue] of freezeByUnderlying(listed)) {
    await q.query(
      `INSERT INTO broker_instrument_facts (broker, underlying, fact, seen_on, broker_value, strikedesk_value, seen_at)
       SELECT $1, $2, 'freeze_quantity', $3::date, $4, (${freezeInForce('$2', '$3::date')}), $5
       WHERE EXISTS (SELECT 1 FROM index_config WHERE index_name = $2)
       ON CONFLICT (broker, underlying, fact, seen_on)
       DO UPDATE SET broker_value = EXCLUDED.broker_value, strikedesk_value = EXCLUDED.strikedesk_value, seen_at = EXCLUDED.seen_at`,
      [broker, underlying, day, brokerValue, now],
    );
  }
}
