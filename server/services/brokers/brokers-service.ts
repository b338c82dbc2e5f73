// The brokers accounts can be linked to: the rows of `brokers` the server has an adapter for, each with what its
// adapter and live wire take (its capabilities), so the app asks what the server will check and nothing else.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import type { BrokerAdapter, BrokerRegistry } from './broker-adapter.ts';

export type Broker = components['schemas']['Broker'];
type BrokerCapabilities = components['schemas']['BrokerCapabilities'];

export type BrokersService = ReturnType<typeof createBrokersService>;

/** Read from the adapter and its trading (whose after-market ways are its live wire's): never a list by slug. */
export function capabilitiesOf(adapter: BrokerAdapter): BrokerCapabilities {
  const trading = adapter.trading;
  return {
    after_market: trading?.afterMarketByChoice === true ? 'by_choice' : 'always',
    after_market_times: [...(trading?.afterMarketTimes ?? [])],
    access_token_login: adapter.accessTokenLogin === true,
    market_depth_levels: trading?.marketDepth === undefined ? [] : [...(trading.marketDepthLevels ?? [])],
  };
}

export function createBrokersService({ db, registry }: { db: Queryable; registry: BrokerRegistry }) {
  async function list(): Promise<Broker[]> {
    const { rows } = await db.query<{ id: number; slug: string; display_name: string }>('SELECT id, slug, display_name FROM brokers ORDER BY id');
    return rows.flatMap((row) => {
      const adapter = registry.get(row.slug);
      return adapter === undefined ? [] : [{ id: Number(row.id), name: row.slug, display_name: row.display_name, login_url: adapter.loginUrl, capabilities: capabilitiesOf(adapter) }];
    });
  }

  return { list };
}
