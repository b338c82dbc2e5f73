// What live brokers' instrument files say of the facts, for the Market facts screen to show beside the table's
// value where they differ (that broker's orders use its own): Upstox's freeze quantities (broker_instrument_facts,
// migration 091) and Kite's dump's lot size, strike step and tick (kite_instrument_loads.differences, logged by
// each day's load). Only the latest reading on or before the day counts: an older one may have been put right.
import type { Queryable } from '../../../db/database.ts';
import type { BrokerWord } from './fact-row.ts';

type KiteDifference = { index: string; fact: 'lot_size' | 'strike_step' | 'tick_size'; dump: number; strikedesk: number };

const isDifference = (raw: unknown): raw is KiteDifference =>
  typeof raw === 'object' && raw !== null && 'index' in raw && 'fact' in raw && 'dump' in raw && typeof raw.dump === 'number' && typeof raw.index === 'string';

async function brokerName(q: Queryable, slug: string): Promise<string> {
  const { rows } = await q.query<{ display_name: string }>('SELECT display_name FROM brokers WHERE slug = $1', [slug]);
  return rows[0]?.display_name ?? slug;
}

export async function brokerWords(q: Queryable, day: string): Promise<BrokerWord[]> {
  const { rows: freezes } = await q.query<{ broker: string; underlying: string; broker_value: number; display_name: string | null }>(
    `SELECT DISTINCT ON (f.broker, f.underlying) f.broker, f.underlying, f.broker_value, b.display_name
     FROM broker_instrument_facts f LEFT JOIN brokers b ON b.slug = f.broker
     WHERE f.fact = 'freeze_quantity' AND f.seen_on <= $1::date
     ORDER BY f.broker, f.underlying, f.seen_on DESC`,
    [day],
  );
  const words: BrokerWord[] = freezes.map((row) => ({ kind: 'freeze_quantity', subject: row.underlying, value: String(row.broker_value), brokerName: row.display_name ?? row.broker }));

  const { rows: loads } = await q.query<{ differences: unknown }>(
    'SELECT differences FROM kite_instrument_loads WHERE loaded_on <= $1::date ORDER BY loaded_on DESC LIMIT 1',
    [day],
  );
  const differences = loads[0]?.differences;
  if (Array.isArray(differences) && differences.length > 0) {
    const kite = await brokerName(q, 'kite');
    const { rows: exchanges } = await q.query<{ index_name: string; exchange: string }>('SELECT DISTINCT index_name, exchange FROM index_config');
    const exchangeOf = new Map(exchanges.map((row) => [row.index_name, row.exchange === 'BFO' ? 'BSE' : 'NSE']));
    for (const difference of differences.filter(isDifference)) {
      if (difference.fact === 'tick_size') {
        words.push({ kind: 'tick_size', subject: exchangeOf.get(difference.index) ?? 'NSE', value: (difference.dump / 100).toFixed(2), brokerName: kite });
      } else {
        words.push({ kind: difference.fact, subject: difference.index, value: String(difference.dump), brokerName: kite });
      }
    }
  }
  return words;
}
