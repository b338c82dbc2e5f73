// @vitest-environment node
/**
 * Restoring the session from IndexedDB (fake-indexeddb here; real IndexedDB in the browser tests).
 * Each test loads fresh modules so the store and its subscriptions start empty.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as idb from 'idb-keyval';
import type * as IdbKeyval from 'idb-keyval';

vi.mock('idb-keyval', async (importOriginal) => {
  const actual = await importOriginal<typeof IdbKeyval>();
  return { ...actual, get: vi.fn(actual.get), set: vi.fn(actual.set), del: vi.fn(actual.del) };
});

/** The real idb-keyval, to set up and inspect IndexedDB without touching the spies. */
const real = await vi.importActual<typeof IdbKeyval>('idb-keyval');

async function freshApp() {
  vi.resetModules();
  const { restoreState } = await import('@/app/boot/restore-state');
  const { store } = await import('@/lib/store');
  const { tokenAtom } = await import('@/lib/session/auth-atoms');
  const { brokerAccountsAtom, selectedAccountAtom } = await import('@/lib/session/user-profile-atoms');
  const { preferencesAtom } = await import('@/lib/preferences/preferences-atom');
  return { restoreState, store, tokenAtom, brokerAccountsAtom, selectedAccountAtom, preferencesAtom };
}

const account = (id: number) => ({
  id,
  broker: 'paper',
  name: `Account ${id}`,
  account_number: `PA${id}`,
  api_key: `key-${id}`,
  capital: 500000,
  is_logged_in: false,
  session_expires_at: null,
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(async () => {
  vi.useRealTimers();
  await real.clear();
  // mockReset goes back to the real implementation given to vi.fn.
  vi.mocked(idb.get).mockReset();
  vi.mocked(idb.set).mockReset();
  vi.mocked(idb.del).mockReset();
});

describe('restoring the session', () => {
  it('restores the token, the accounts slice and the preferences', async () => {
    await real.set('auth_token', 'tok-123');
    await real.set('root', { version: 2, brokerAccounts: [account(7), account(9)], selectedAccount: account(9) });
    await real.set('broker_login', 9);
    await real.set('preferences', { version: 1, theme: 'dark', locale: 'fr', direction: 'rtl', navType: 'top' });
    const app = await freshApp();

    const statuses = await app.restoreState();

    expect(statuses).toEqual({ token: 'restored', accounts: 'restored', preferences: 'restored', brokerLogin: 'restored', unknownIntents: 'empty' });
    expect(app.store.get(app.tokenAtom)).toBe('tok-123');
    expect(app.store.get(app.brokerAccountsAtom)).toEqual([account(7), account(9)]);
    expect(app.store.get(app.selectedAccountAtom)).toEqual(account(9));
    expect(app.store.get(app.preferencesAtom)).toMatchObject({ theme: 'dark', locale: 'fr', direction: 'rtl', navType: 'top' });
  });

  it('writes later changes through, and removes the token key on sign-out', async () => {
    const app = await freshApp();
    await app.restoreState();
    app.store.set(app.tokenAtom, 'fresh-token');
    app.store.set(app.selectedAccountAtom, account(3));
    await flush();
    expect(await real.get('auth_token')).toBe('fresh-token');
    expect(await real.get('root')).toEqual({ version: 2, brokerAccounts: [], selectedAccount: account(3) });

    app.store.set(app.tokenAtom, null);
    await flush();
    expect(await real.get('auth_token')).toBeUndefined();
  });

  it('gives up after 5000 ms, shows the app signed out, and never overwrites what is stored', async () => {
    await real.set('auth_token', 'slow-token');
    await real.set('root', { version: 2, brokerAccounts: [account(1)], selectedAccount: account(1) });
    vi.mocked(idb.get).mockImplementation(() => new Promise(() => {}));
    const app = await freshApp();
    vi.useFakeTimers();

    const restoring = app.restoreState();
    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void restoring.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const statuses = await restoring;
    vi.useRealTimers();

    expect(statuses).toEqual({ token: 'timeout', accounts: 'timeout', preferences: 'timeout', brokerLogin: 'timeout', unknownIntents: 'timeout' });
    expect(app.store.get(app.tokenAtom)).toBeNull();
    await flush();
    expect(idb.set).not.toHaveBeenCalled();
    expect(idb.del).not.toHaveBeenCalled();
    expect(await real.get('auth_token')).toBe('slow-token');
    expect(await real.get('root')).toEqual({ version: 2, brokerAccounts: [account(1)], selectedAccount: account(1) });
  });

  it('treats a corrupt stored value as absent without overwriting it', async () => {
    await real.set('auth_token', 12345);
    await real.set('root', { version: 2, brokerAccounts: [{ id: 1 }], selectedAccount: null });
    await real.set('preferences', 'garbage');
    const app = await freshApp();

    const statuses = await app.restoreState();
    await flush();

    expect(statuses).toMatchObject({ token: 'corrupt', accounts: 'corrupt', preferences: 'corrupt' });
    expect(app.store.get(app.tokenAtom)).toBeNull();
    expect(app.store.get(app.brokerAccountsAtom)).toEqual([]);
    expect(app.store.get(app.preferencesAtom).theme).toBe('light');
    expect(idb.set).not.toHaveBeenCalled();
    expect(await real.get('auth_token')).toBe(12345);
  });

  it('reports a failing read as failed and keeps the defaults', async () => {
    vi.mocked(idb.get).mockRejectedValue(new Error('IndexedDB is broken'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = await freshApp();
    const statuses = await app.restoreState();
    expect(statuses.token).toBe('failed');
    expect(app.store.get(app.tokenAtom)).toBeNull();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});
