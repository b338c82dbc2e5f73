// The brokers accounts can be linked to: the rows of `brokers` the server has an adapter for.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import type { BrokerRegistry } from './broker-adapter.ts';

export type Broker = components['schemas']['Broker'];

export type BrokersService = ReturnType<typeof createBrokersService>;

export function createBrokersService({ db, registry }: { db: Queryable; registry: BrokerRegistry }) {
  async function list(): Promise<Broker[]> {
    const { rows } = await db.query<{ id: number; slug: string; display_name: string }>('SELECT id, slug, display_name FROM brokers ORDER BY id');
    return rows.flatMap((row) => {
      const adapter = registry.get(row.slug);
      return adapter === undefined ? [] : [{ id: Number(row.id), name: row.slug, display_name: row.display_name, login_url: adapter.loginUrl }];
    });
  }

  return { list };
}
