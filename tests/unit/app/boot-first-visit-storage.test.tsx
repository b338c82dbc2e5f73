/**
 * A first visit has nothing in IndexedDB: boot asks the browser (indexedDB.databases()) instead of loading
 * the restore code, which then loads only at the first change of a value it keeps, and saves what changed
 * (issue 24: the first visit's bytes). Anything but a clear "nothing stored" restores as before.
 */
import * as idb from 'idb-keyval';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { persistedAtoms } from '@/app/boot/persisted-atoms';
import { persistedBindingAtoms, restoreState } from '@/app/boot/restore-state';
import { loadApiClients } from '@/lib/api/clients';
import type * as RestoreModule from '@/app/boot/restore-state';
import { mayHaveStoredState } from '@/lib/persist/stored-state-probe';
import { DEFAULT_PREFERENCES, preferencesAtom } from '@/lib/preferences/preferences-atom';
import { PREFERENCES_KEY } from '@/lib/preferences/preferences-persistence';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { ACCOUNTS_SLICE_KEY, TOKEN_KEY } from '@/lib/session/session-persistence';
import { store } from '@/lib/store';

vi.mock('@/app/boot/restore-state', async (importOriginal) => {
  const actual = await importOriginal<typeof RestoreModule>();
  return { ...actual, restoreState: vi.fn(actual.restoreState) };
});
vi.mock('@/app/pwa/register-service-worker', () => ({ startServiceWorker: vi.fn() }));
vi.mock('@/app/app', () => import('../support/inert-app'));

describe('the restore on a first visit', () => {
  // Boot starts loading the API clients' code once the page is up and does not wait for it: the file waits
  // for it here, or the import would land after the environment is torn down (an unhandled error in CI).
  afterAll(async () => {
    await loadApiClients();
  });

  // In this order: the first test runs before anything has created IndexedDB's database here.
  it('boot does not load the restore code when nothing is stored; the first change loads it and saves only what changed', async () => {
    expect(await mayHaveStoredState()).toBe(false);
    const { boot } = await import('@/app/boot/boot');
    const container = document.createElement('div');
    document.body.append(container);
    await boot(container);
    expect(restoreState).not.toHaveBeenCalled();
    // Not even opened: IndexedDB's database does not exist yet.
    expect((await indexedDB.databases()).map((database) => database.name)).toEqual([]);

    store.set(preferencesAtom, { ...DEFAULT_PREFERENCES, theme: 'dark' });
    await vi.waitFor(async () => expect(await idb.get(PREFERENCES_KEY)).toMatchObject({ theme: 'dark' }));
    // Not changed in this tab, so not written: another tab's stored accounts would have been kept.
    expect(await idb.get(ACCOUNTS_SLICE_KEY)).toBeUndefined();
    // Later changes are written through.
    store.set(tokenAtom, 'a-session-token');
    await vi.waitFor(async () => expect(await idb.get(TOKEN_KEY)).toBe('a-session-token'));
  });

  it('says something may be stored once the database exists, or when the browser cannot say', async () => {
    await idb.set('probe', 1);
    expect(await mayHaveStoredState()).toBe(true);
    const databases = vi.spyOn(indexedDB, 'databases');
    databases.mockRejectedValueOnce(new Error('denied'));
    await idb.clear();
    expect(await mayHaveStoredState()).toBe(true);
    databases.mockReturnValueOnce(new Promise(() => {}));
    expect(await mayHaveStoredState(20)).toBe(true);
    databases.mockRestore();
  });

  it('boot watches the same atoms the restore code keeps', () => {
    expect(new Set(persistedAtoms)).toEqual(new Set(persistedBindingAtoms()));
    expect(persistedAtoms).toHaveLength(persistedBindingAtoms().length);
  });
});
