// The account's security audit trail (migration 016): a row when strangers' failures start slowing
// sign-ins from unknown devices, or lock one known device out, and a row when that ends. The state
// lives in throttle_events; this only writes down its changes, checked after each password check under
// the throttle keys' locks, so two instances never both write the same change.
import type { Database, Queryable } from '../../db/database.ts';
import { disengagedAt, engagesAt, eventsInWindow, lockThrottleKeys, type ThrottleCheck } from '../throttle.ts';

export type SecurityScope = 'unknown_devices' | 'device';

/** A throttle whose changes are audited for an account: the account-wide one, or one device's own. */
export type AuditedThrottle = { scope: SecurityScope; deviceId: string | null; check: ThrottleCheck };

export type SecurityEvent = {
  event: 'throttle_engaged' | 'throttle_released';
  scope: SecurityScope;
  deviceId: string | null;
  failures: number;
  clientAddress: string | null;
  at: Date;
};

async function lastEvent(db: Queryable, userId: number, { scope, deviceId }: AuditedThrottle): Promise<string | undefined> {
  const { rows } = await db.query<{ event: string }>(
    `SELECT event FROM account_security_events
     WHERE user_id = $1 AND scope = $2 AND device_id IS NOT DISTINCT FROM $3 ORDER BY id DESC LIMIT 1`,
    [userId, scope, deviceId],
  );
  return rows[0]?.event;
}

async function insertEvent(db: Queryable, userId: number, event: SecurityEvent): Promise<void> {
  await db.query(
    `INSERT INTO account_security_events (user_id, event, scope, device_id, failures, client_address, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [userId, event.event, event.scope, event.deviceId, event.failures, event.clientAddress?.slice(0, 64) ?? null, event.at],
  );
}

/**
 * Writes what changed since the account's last row for each throttle. `userId` is null for an unknown
 * email: the same queries run (for no one), so the time taken does not tell the two apart.
 */
export async function auditThrottles(db: Database, userId: number | null, throttles: readonly AuditedThrottle[], clientIp: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockThrottleKeys(
      tx,
      throttles.map((throttle) => throttle.check),
    );
    for (const throttle of throttles) {
      const failures = await eventsInWindow(tx, throttle.check, now);
      const engaged = (await lastEvent(tx, userId ?? 0, throttle)) === 'throttle_engaged';
      const holds = failures >= engagesAt(throttle.check.rule);
      if (userId === null || holds === engaged) continue;
      const { scope, deviceId } = throttle;
      if (holds) await insertEvent(tx, userId, { event: 'throttle_engaged', scope, deviceId, failures, clientAddress: clientIp, at: now });
      else {
        const at = (await disengagedAt(tx, throttle.check)) ?? now;
        await insertEvent(tx, userId, { event: 'throttle_released', scope, deviceId, failures, clientAddress: null, at: at < now ? at : now });
      }
    }
  });
}

/** The account's trail, oldest first (tests and support read it; the app shows nothing of it yet). */
export async function securityEvents(db: Queryable, userId: number): Promise<SecurityEvent[]> {
  const { rows } = await db.query<{ event: SecurityEvent['event']; scope: SecurityScope; device_id: string | null; failures: number; client_address: string | null; at: Date }>(
    'SELECT event, scope, device_id, failures, client_address, at FROM account_security_events WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows.map((row) => ({ event: row.event, scope: row.scope, deviceId: row.device_id, failures: row.failures, clientAddress: row.client_address, at: new Date(row.at) }));
}
