/**
 * The first live order of the day on an account asks the trader to confirm that real money is at stake;
 * once confirmed, that account's later live orders that day go without asking, after a reload too. Kept
 * per user and account: the IST day last confirmed, so yesterday's confirmation is simply out of date and
 * one key per account is all that is ever stored. Sign-out clears it with the rest of the user's data.
 * A read that fails or times out counts as not confirmed: the safe answer is to ask again.
 */
import { restoreValue, storeValue } from '@/lib/persist/idb-storage';

const version = 1;
const keyOf = (userId: number | null, accountId: number) => `live-orders-confirmed:${userId ?? 'unknown-user'}:${accountId}`;

/** The IST calendar day (YYYY-MM-DD) of an instant: India keeps UTC+05:30 all year. */
export function istDay(now: number): string {
  return new Date(now + 330 * 60_000).toISOString().slice(0, 10);
}

const parseDay = (raw: unknown): string | undefined =>
  typeof raw === 'object' && raw !== null && 'version' in raw && raw.version === version && 'day' in raw && typeof raw.day === 'string'
    ? raw.day
    : undefined;

/** Whether the trader already confirmed a live order on this account today (IST). */
export async function liveOrdersConfirmed(userId: number | null, accountId: number, now: number): Promise<boolean> {
  const restored = await restoreValue(keyOf(userId, accountId), parseDay, 1000);
  return restored.status === 'restored' && restored.value === istDay(now);
}

/** Remembers today's confirmation; a write that fails (storage full, private window) only means asking again. */
export async function rememberLiveOrdersConfirmed(userId: number | null, accountId: number, now: number): Promise<void> {
  await storeValue(keyOf(userId, accountId), { version, day: istDay(now) }).catch(() => undefined);
}
