/**
 * An order whose outcome is unknown survives a reload (issue 24): it is kept in IndexedDB (fake-indexeddb
 * here), restored before the first render by the next app, reconciled against the order book once the server
 * answers, the trader told its final state, and the stored key removed once settled. Each "app" is a fresh
 * module graph, as a reload is.
 */
import * as real from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntentOutcome } from '@/features/orders/api/send-intent';

async function freshApp() {
  vi.resetModules();
  const { restoreState } = await import('@/app/boot/restore-state');
  const { store } = await import('@/lib/store');
  const { unknownIntentsAtom } = await import('@/features/orders/atoms/unknown-intents-atom');
  const { rememberUnknownIntent, startSettlingUnknownIntents } = await import('@/features/orders/model/settle-unknown-intents');
  return { restoreState, store, unknownIntentsAtom, rememberUnknownIntent, startSettlingUnknownIntents };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 30));
const intent = { key: 'intent-7f3a', accountNumber: 'PA1234', since: Date.now() };
const found: IntentOutcome = { kind: 'found', orders: [] };

beforeEach(async () => {
  await real.clear();
});

describe('unknown outcomes across a reload', () => {
  it('keeps an unknown intent in IndexedDB, and the next app reconciles it and says its final state', async () => {
    const before = await freshApp();
    await before.restoreState();
    before.rememberUnknownIntent(intent);
    await flush();
    expect(await real.get('unknown_intents')).toEqual({ version: 1, intents: [intent] });

    // The reload: a new app restores it before rendering and settles it once the server answers.
    const after = await freshApp();
    expect((await after.restoreState()).unknownIntents).toBe('restored');
    expect([...after.store.get(after.unknownIntentsAtom).keys()]).toEqual(['intent-7f3a']);
    const lookUp = vi.fn(async () => found);
    const settled = vi.fn();
    const stop = after.startSettlingUnknownIntents(settled, lookUp);
    try {
      await vi.waitFor(() => expect(settled).toHaveBeenCalledWith(intent, found));
      expect(lookUp).toHaveBeenCalledWith('intent-7f3a', 'PA1234');
      await flush();
      expect(await real.get('unknown_intents')).toBeUndefined();
    } finally {
      stop();
    }
  });

  it('ignores a stored value of another shape or version, and forgets intents older than three days', async () => {
    await real.set('unknown_intents', { version: 2, intents: [intent] });
    expect((await (await freshApp()).restoreState()).unknownIntents).toBe('corrupt');
    await real.set('unknown_intents', { version: 1, intents: [{ key: 'k', accountNumber: 7 }] });
    expect((await (await freshApp()).restoreState()).unknownIntents).toBe('corrupt');

    const old = { key: 'old', accountNumber: 'PA1234', since: Date.now() - 4 * 24 * 60 * 60 * 1000 };
    await real.set('unknown_intents', { version: 1, intents: [old, intent] });
    const app = await freshApp();
    await app.restoreState();
    expect([...app.store.get(app.unknownIntentsAtom).keys()]).toEqual(['intent-7f3a']);
  });
});
