/**
 * A signed-in app whose API calls go to an MSW server at `API`, with the error notifier running: what a test of
 * a screen's own refusals needs, to tell the refusals it words in place from those that become notifications.
 */
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startApiErrorNotifier } from '@/app/session/api-error-notifier';
import { configureApiClients } from '@/lib/api/clients';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { forgetLastKnown } from '@/lib/persist/last-known';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

export const API = 'http://api.test';

/** Registers the file's hooks: the server listens, each test starts signed in with no notification and no last-known copy. */
export function useNotifiedApi(server: SetupServer): void {
  let stopNotifier: () => void = () => {};
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    forgetLastKnown();
    configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'anon' });
    store.set(notificationsAtom, []);
    store.set(tokenAtom, 'token-abc');
    stopNotifier = startApiErrorNotifier();
  });
  afterEach(() => {
    stopNotifier();
    server.resetHandlers();
  });
}

/** The titles of the notifications shown so far, in their English words. */
export function notificationTitles(): string[] {
  return store.get(notificationsAtom).map((n) => (typeof n.title === 'string' ? n.title : String(n.title.defaultMessage)));
}
