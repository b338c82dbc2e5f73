/**
 * The intents whose outcome is unknown, kept in IndexedDB (issue 24): a trader who reloads, or whose phone
 * kills the tab, while the desk is still reconciling an order must still be told its final state. Only the
 * key, the account and the time are kept (never the order itself: nothing is ever re-sent); the value is
 * versioned and checked on the way back in, and an empty set removes the key.
 */
import type { PersistBinding } from '@/lib/persist/persist-atom';
import { unknownIntentsAtom, type UnknownIntent } from '@/features/orders/atoms/unknown-intents-atom';

export const UNKNOWN_INTENTS_KEY = 'unknown_intents';
const UNKNOWN_INTENTS_VERSION = 1;
/** An intent still unknown after this long is not worth a notice on the next open: the order book says it. */
const keptMs = 3 * 24 * 60 * 60 * 1000;

function isUnknownIntent(value: unknown): value is UnknownIntent {
  if (typeof value !== 'object' || value === null) return false;
  const { key, accountNumber, since } = value as Record<string, unknown>;
  return typeof key === 'string' && key.length > 0 && key.length <= 200 && typeof accountNumber === 'string' && typeof since === 'number' && Number.isFinite(since);
}

export function parseUnknownIntents(raw: unknown, now = Date.now()): ReadonlyMap<string, UnknownIntent> | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { version, intents } = raw as Record<string, unknown>;
  if (version !== UNKNOWN_INTENTS_VERSION || !Array.isArray(intents) || !intents.every(isUnknownIntent)) return undefined;
  return new Map(intents.filter((intent) => now - intent.since < keptMs).map((intent) => [intent.key, intent]));
}

export const unknownIntentsBinding: PersistBinding<ReadonlyMap<string, UnknownIntent>> = {
  key: UNKNOWN_INTENTS_KEY,
  atom: unknownIntentsAtom,
  parse: (raw) => parseUnknownIntents(raw),
  serialize: (intents) => (intents.size === 0 ? undefined : { version: UNKNOWN_INTENTS_VERSION, intents: [...intents.values()] }),
};
