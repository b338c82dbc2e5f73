// Which instance holds each live account's order-update socket (Upstox's portfolio stream, Dhan's order update
// socket): a lease in `broker_order_streams`, renewed every pass, taken over once lapsed, so a broker's update
// is read once, not once per instance.
import type { Queryable } from '../../../db/database.ts';

/** The accounts whose lease `holder` holds now (taken, renewed, or taken over from a lapsed holder) until now + leaseMs. */
export async function claimOrderStreams(db: Queryable, holder: string, accountIds: readonly number[], now: Date, leaseMs: number): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  const { rows } = await db.query<{ broker_account_id: number }>(
    `INSERT INTO broker_order_streams (broker_account_id, holder, held_until)
     SELECT id, $2, $3 FROM unnest($1::int[]) AS id
     ON CONFLICT (broker_account_id) DO UPDATE SET holder = EXCLUDED.holder, held_until = EXCLUDED.held_until
     WHERE broker_order_streams.holder = EXCLUDED.holder OR broker_order_streams.held_until <= $4
     RETURNING broker_account_id`,
    [accountIds, holder, new Date(now.getTime() + leaseMs), now],
  );
  return new Set(rows.map((row) => Number(row.broker_account_id)));
}
