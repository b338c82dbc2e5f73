// Shared by the Kite tests: Zerodha's fixtures, a Kite test server with one logged-in app, a scheduler the
// test steps by hand, and a queue that awaits the next callback instead of sleeping.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createKiteHttp, type KiteHttp } from '../../../server/services/brokers/kite/kite-http.ts';
import { createSession } from '../../../server/services/brokers/kite/kite-session.ts';
import type { FeedScheduler } from '../../../server/services/brokers/live/feed-socket.ts';
import { type KiteServerOptions, type KiteTestServer, startKiteServer } from '../../kite-server/kite-server.ts';

/**
 * Zerodha's kiteconnect-mocks, kept unchanged in the workspace's shared/ folder beside the repository
 * (KITE_MOCKS_DIR overrides where).
 */
export function kiteMock(name: string): string {
  const dir = process.env.KITE_MOCKS_DIR ?? fileURLToPath(new URL('../../../../shared/kiteconnect-mocks/', import.meta.url));
  return readFileSync(`${dir.replace(/\/?$/, '/')}${name}`, 'utf8');
}

export const testApp = { apiKey: 'kitetestkey', apiSecret: 'kitetestsecret', redirectUrl: 'http://127.0.0.1:9/app/broker/kite/callback' };

/** Logs into the test server's page as a browser would and returns the request_token from the redirect. */
export async function loginForRequestToken(server: KiteTestServer, credentials = { userId: 'AB1234', password: 'secret' }): Promise<string> {
  const response = await fetch(server.loginUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: testApp.apiKey, user_id: credentials.userId, password: credentials.password, action: 'login' }),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`Login did not redirect (${response.status})`);
  return new URL(location).searchParams.get('request_token') ?? '';
}

export type LoggedIn = { server: KiteTestServer; http: KiteHttp; accessToken: string };

export async function startLoggedIn(options: KiteServerOptions & { postbackUrl?: string; timeoutMs?: number } = {}): Promise<LoggedIn> {
  const { postbackUrl = null, timeoutMs, ...serverOptions } = options;
  const server = await startKiteServer({ heartbeatMs: 0, ...serverOptions, apps: [{ ...testApp, postbackUrl }, ...(options.apps ?? [])] });
  const anonymous = createKiteHttp({ apiRoot: server.apiRoot, apiKey: testApp.apiKey });
  const session = await createSession(anonymous, await loginForRequestToken(server), testApp.apiSecret);
  const http = createKiteHttp({ apiRoot: server.apiRoot, apiKey: testApp.apiKey, accessToken: session.access_token, timeoutMs });
  return { server, http, accessToken: session.access_token };
}

export type ManualScheduler = FeedScheduler & { advance: (ms: number) => void; delays: () => number[] };

/** Timers that fire only when the test advances time. */
export function manualScheduler(): ManualScheduler {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback, ms) {
      timers.set(++nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimeout(handle) {
      if (typeof handle === 'number') timers.delete(handle);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
    delays: () => [...timers.values()].map((timer) => timer.at - now),
  };
}

/** Callbacks land here; `next` resolves with the first entry (already queued or yet to come) that matches. */
export function eventQueue<T>() {
  const queued: T[] = [];
  const waiting: { match: (item: T) => boolean; resolve: (item: T) => void }[] = [];
  return {
    push(item: T): void {
      const waiter = waiting.find((candidate) => candidate.match(item));
      if (waiter) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(item);
      } else {
        queued.push(item);
      }
    },
    next(match: (item: T) => boolean = () => true): Promise<T> {
      const index = queued.findIndex(match);
      if (index >= 0) return Promise.resolve(queued.splice(index, 1)[0] as T);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    drain: () => queued.splice(0),
  };
}
