/**
 * A request that declares the coded refusals its screen words itself (shownByScreen in lib/api/api-error.ts): the app's
 * notifier stays silent for exactly those, on that request, and the screen still gets the whole refusal to word.
 * Every other failure of the same request, and the same refusal of a request that did not declare it, is
 * notified as the catalogue (spec §8) says. HTTP mocked with MSW, the app's real notifier listening.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { mainApi } from '@/lib/api/clients';
import { shownByScreen } from '@/lib/api/api-error';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { store } from '@/lib/store';
import { API, notificationTitles, useNotifiedApi } from '../support/notified-api';

const server = setupServer();
const path = '/api/market-history/open-interest/';
const query = { index: 'NIFTY' as const, day: '2026-11-20' };

const refusal = (status: number, code: string) =>
  HttpResponse.json({ message: 'No open interest of NIFTY is stored for 2026-11-20', code: 'not_found', details: { text: { code, params: { index: 'NIFTY', day: '2026-11-20' } } } }, { status });

const declared = () => mainApi().GET(path, { params: { query }, middleware: [shownByScreen('open_interest.no_day', 'not_found.expiry')] });
const undeclared = () => mainApi().GET(path, { params: { query } });

useNotifiedApi(server);

describe('a refusal the screen words itself', () => {
  it('is no notification, and reaches the screen whole (kind, code and its coded text)', async () => {
    server.use(http.get(`${API}${path}`, () => refusal(404, 'open_interest.no_day')));
    await expect(declared()).rejects.toMatchObject({
      kind: 'not_found',
      shownByScreen: true,
      text: { code: 'open_interest.no_day', params: { index: 'NIFTY', day: '2026-11-20' } },
    });
    expect(notificationTitles()).toEqual([]);
  });

  it('covers each code declared, 404 or another refusal (a 400 the screen words too)', async () => {
    server.use(http.get(`${API}${path}`, () => refusal(404, 'not_found.expiry')));
    await expect(declared()).rejects.toMatchObject({ kind: 'not_found', shownByScreen: true });
    server.use(http.get(`${API}${path}`, () => refusal(400, 'open_interest.no_day')));
    await expect(declared()).rejects.toMatchObject({ kind: 'rejected', shownByScreen: true });
    expect(notificationTitles()).toEqual([]);
  });

  it('is still "Not Found" for a request that did not declare it: the declaration is the request\'s, not the path\'s', async () => {
    server.use(http.get(`${API}${path}`, () => refusal(404, 'open_interest.no_day')));
    await expect(undeclared()).rejects.toMatchObject({ kind: 'not_found', shownByScreen: false });
    expect(notificationTitles()).toEqual(['Not Found']);
  });

  it('leaves every other failure of the declaring request to the catalogue: another code, an uncoded 404, a 500, a 401', async () => {
    const cases: [Response, string, string][] = [
      [refusal(404, 'not_found.thing'), 'not_found', 'Not Found'],
      [HttpResponse.json({ message: 'Not Found' }, { status: 404 }), 'not_found', 'Not Found'],
      [refusal(500, 'open_interest.no_day'), 'server_error', 'Internal Server Error'],
      [refusal(401, 'open_interest.no_day'), 'unauthorized', 'Authentication Fail'],
    ];
    for (const [response, kind, title] of cases) {
      store.set(notificationsAtom, []);
      server.use(http.get(`${API}${path}`, () => response));
      await expect(declared()).rejects.toMatchObject({ kind, shownByScreen: false });
      expect(notificationTitles()).toEqual([title]);
    }
  });
});
