// jotai/vanilla, not jotai: this module is in the first visit's entry (tests/unit/app/first-visit-entry-imports.test.ts).
import { atom } from 'jotai/vanilla';
import type { IntentOutcome } from '@/features/orders/api/send-intent';

/**
 * Intents whose outcome is unknown (the answer was lost and the order book could not be read either), by
 * their Idempotency-Key: the order book is read for them again, by itself, as soon as the server answers
 * (settle-unknown-intents.ts). Nothing is ever re-sent: the key only finds the orders the intent placed.
 */
export type UnknownIntent = { key: string; accountNumber: string; since: number };

export const unknownIntentsAtom = atom<ReadonlyMap<string, UnknownIntent>>(new Map());

/** What the order book said about a once-unknown intent, by key: the ticket that sent it shows this. */
export const settledIntentsAtom = atom<ReadonlyMap<string, IntentOutcome>>(new Map());
