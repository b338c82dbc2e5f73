/**
 * Issue 40's chart screens start their first read beside their files (app/router/screens.ts, lib/api/early-read.ts):
 * the read goes out before the screen has rendered, and the screen, once here, takes that answer instead of asking
 * again, refusals said in place included. A read started for another question is not taken; an old one is not
 * either. HTTP mocked with MSW, the app's real clients and notifier.
 */
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PremiumScreenWithAlerts } from '@/app/analytics/premium-alert-screen';
import { premiumReadName, startEarlyPremiumRead } from '@/features/analytics/premium/api/get-strategy-premium';
import { startEarlyIvReads } from '@/features/analytics/volatility/iv-reads';
import { VolatilityScreen } from '@/features/analytics/volatility/volatility-screen';
import { startEarlyOiRead } from '@/features/open-interest/api/oi-reads';
import { OpenInterestScreen } from '@/features/open-interest/routes/open-interest-screen';
import { EARLY_READ_FRESH_MS, startEarlyRead, takeEarlyRead } from '@/lib/api/early-read';
import { sessionRestoredAtom, tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';
import { API, notificationTitles, useNotifiedApi } from '../../support/notified-api';
import { expiredBefore } from './iv-refusals';

const server = setupServer();
const asked: string[] = [];
/** The Authorization header of each request counted, in order. */
const authorizations: Array<string | null> = [];

function count(path: string, respond: () => Response) {
  return http.get(`${API}${path}`, ({ request }) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}?${url.searchParams.toString()}`);
    authorizations.push(request.headers.get('authorization'));
    return respond();
  });
}

function renderAt(address: string, element: React.ReactNode) {
  return render(
    <IntlProvider locale="en" defaultLocale="en" messages={{}}>
      <MemoryRouter initialEntries={[address]}>{element}</MemoryRouter>
    </IntlProvider>,
  );
}

const emptyHistory = { index: 'NIFTY', basis: 'near_month', lookback_days: 365, from: null, to: null, as_of: null, dates: [], iv: [], expiry: [], strike: [], at: [], source: [], missing_days: [], standing: null };
const emptyDay = { index: 'NIFTY', day: null, expiry: null, expiries: [], as_of: null, minutes: [], iv: [], call_iv: [], put_iv: [], strike: [], spot: [], source: [], settlement: null };
const nothingStored = {
  index: 'BANKNIFTY',
  day: null,
  expiry: null,
  interval: 5,
  days: [],
  expiries: [],
  strikes: [],
  previous_day: null,
  previous_source: null,
  intraday: { minutes: [], series: [], pcr: [], max_pain: [], sources: [] },
  profile: null,
};
const straddle = 'NIFTY:2026-12-29:26000:CE:S:1,NIFTY:2026-12-29:26000:PE:S:1';
const noPrices = () =>
  HttpResponse.json(
    {
      message: 'legs: no recorded or imported price of NIFTY 2026-12-29 26000 CE (leg 1) from 2026-11-20 to 2026-11-20',
      code: 'not_found',
      field: 'legs',
      details: { text: { code: 'premium.no_prices', params: { position: 1, contract: 'NIFTY 2026-12-29 26000 CE', from: '2026-11-20', to: '2026-11-20' } } },
    },
    { status: 404 },
  );

useNotifiedApi(server);
beforeEach(() => {
  asked.length = 0;
  authorizations.length = 0;
  // As in the app once boot has restored the session (useNotifiedApi signs in with token-abc).
  store.set(sessionRestoredAtom, true);
});
afterEach(() => {
  vi.useRealTimers();
  store.set(sessionRestoredAtom, false);
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

// CI, 27 November: loaded directly, a chart address sent its early read while boot was still restoring the
// session, without the token; the 401 signed the trader out. The read now waits for the restored session.
describe('an early read and the session', () => {
  it('waits for the session to be restored, then goes out with its token: one request, taken by the screen', async () => {
    store.set(sessionRestoredAtom, false);
    store.set(tokenAtom, null);
    server.use(count('/api/market-history/open-interest/', () => HttpResponse.json(nothingStored)));
    startEarlyOiRead('?index=BANKNIFTY');
    await settle();
    expect(asked).toEqual([]);
    // What boot does: the stored token comes back, then the session is marked restored.
    store.set(tokenAtom, 'token-abc');
    store.set(sessionRestoredAtom, true);
    await vi.waitFor(() => expect(asked).toEqual(['/api/market-history/open-interest/?index=BANKNIFTY&interval=5']));
    expect(authorizations).toEqual(['Bearer token-abc']);
    renderAt('/app/open_interest?index=BANKNIFTY', <OpenInterestScreen />);
    await screen.findByText('No open interest stored for this index yet');
    expect(asked).toHaveLength(1);
    expect(notificationTitles()).toEqual([]);
  });

  it('is never sent when the restored session has no token', async () => {
    store.set(sessionRestoredAtom, false);
    store.set(tokenAtom, null);
    server.use(count('/api/market-history/premium/', noPrices));
    startEarlyPremiumRead(`?legs=${encodeURIComponent(straddle)}`);
    store.set(sessionRestoredAtom, true);
    await settle();
    expect(asked).toEqual([]);
    // Whoever takes it then reads for itself.
    expect(await takeEarlyRead(premiumReadName({ legs: straddle, interval: '1m' }), () => Promise.resolve('own read'))).toBe('own read');
  });

  it('a screen that renders before the session is restored reads for itself, and the early read never goes out', async () => {
    store.set(sessionRestoredAtom, false);
    server.use(count('/api/market-history/open-interest/', () => HttpResponse.json(nothingStored)));
    startEarlyOiRead('?index=NIFTY');
    renderAt('/app/open_interest?index=NIFTY', <OpenInterestScreen />);
    await screen.findByText('No open interest stored for this index yet');
    store.set(sessionRestoredAtom, true);
    await settle();
    expect(asked).toEqual(['/api/market-history/open-interest/?index=NIFTY&interval=5']);
  });
});

describe('a chart screen\'s early read', () => {
  it('open interest: asked before the screen renders, taken by it, one request', async () => {
    server.use(count('/api/market-history/open-interest/', () => HttpResponse.json(nothingStored)));
    startEarlyOiRead('?index=BANKNIFTY&interval=15');
    await vi.waitFor(() => expect(asked).toEqual(['/api/market-history/open-interest/?index=BANKNIFTY&interval=15']));
    renderAt('/app/open_interest?index=BANKNIFTY&interval=15', <OpenInterestScreen />);
    await screen.findByText('No open interest stored for this index yet');
    expect(asked).toHaveLength(1);
  });

  it('volatility: its history, day and smile asked before the screen renders in one request, each taken by it', async () => {
    const smile = { index: 'NIFTY', expiry: null, now: null, earlier: null };
    server.use(
      count('/api/market-history/iv/first-open/', () => HttpResponse.json({ history: emptyHistory, day: emptyDay, smile })),
      count('/api/market-history/iv/history/', () => HttpResponse.json(emptyHistory)),
      count('/api/market-history/iv/day/', () => HttpResponse.json(emptyDay)),
      count('/api/market-history/iv/smile/', () => HttpResponse.json(smile)),
    );
    startEarlyIvReads('?index=NIFTY');
    await vi.waitFor(() => expect(asked).toEqual(['/api/market-history/iv/first-open/?index=NIFTY']));
    renderAt('/app/volatility?index=NIFTY', <VolatilityScreen />);
    await screen.findByText('No option prices in market history yet');
    await settle();
    expect(asked).toHaveLength(1);
  });

  it('volatility: when the one request is refused, each read asks for itself and the screen says the refusal in place', async () => {
    server.use(
      count('/api/market-history/iv/first-open/', expiredBefore),
      count('/api/market-history/iv/history/', () => HttpResponse.json(emptyHistory)),
      count('/api/market-history/iv/day/', expiredBefore),
      count('/api/market-history/iv/smile/', expiredBefore),
    );
    startEarlyIvReads('?index=NIFTY&expiry=2026-11-03');
    await vi.waitFor(() => expect(asked).toHaveLength(4));
    expect([...asked].sort()).toEqual([
      '/api/market-history/iv/day/?index=NIFTY&expiry=2026-11-03',
      '/api/market-history/iv/first-open/?index=NIFTY&expiry=2026-11-03',
      '/api/market-history/iv/history/?index=NIFTY&lookback_days=365',
      '/api/market-history/iv/smile/?index=NIFTY&expiry=2026-11-03',
    ]);
    renderAt('/app/volatility?index=NIFTY&expiry=2026-11-03', <VolatilityScreen />);
    await screen.findAllByText(/had expired before/);
    expect(asked).toHaveLength(4);
    expect(notificationTitles()).toEqual([]);
  });

  it('premium: a refusal of the early read is said in the chart\'s place, no notification, one request', async () => {
    server.use(count('/api/market-history/premium/', noPrices));
    startEarlyPremiumRead(`?legs=${encodeURIComponent(straddle)}&from=2026-11-20`);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    renderAt(`/app/premium?legs=${straddle}&from=2026-11-20`, <PremiumScreenWithAlerts />);
    await screen.findByTestId('premium-no-prices');
    expect(asked).toHaveLength(1);
    expect(notificationTitles()).toEqual([]);
  });

  it('premium: a link whose legs the screen cannot read asks nothing early', async () => {
    server.use(count('/api/market-history/premium/', noPrices));
    startEarlyPremiumRead('?legs=NIFTY:tomorrow');
    startEarlyPremiumRead('');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });

  it('is not taken for another question: the screen asks its own', async () => {
    server.use(count('/api/market-history/open-interest/', () => HttpResponse.json(nothingStored)));
    startEarlyOiRead('?index=NIFTY');
    renderAt('/app/open_interest?index=BANKNIFTY', <OpenInterestScreen />);
    await screen.findByText('No open interest stored for this index yet');
    // Both asked (the early one goes out a moment after the session check, so in either order).
    await vi.waitFor(() => expect([...asked].sort()).toEqual(['/api/market-history/open-interest/?index=BANKNIFTY&interval=5', '/api/market-history/open-interest/?index=NIFTY&interval=5']));
  });
});

describe('the early reads\' store', () => {
  it('gives a read once, starts one read per question, and reads afresh once the early one is old', async () => {
    let reads = 0;
    const read = () => Promise.resolve((reads += 1));
    startEarlyRead('q', read);
    startEarlyRead('q', read);
    await vi.waitFor(() => expect(reads).toBe(1));
    expect(await takeEarlyRead('q', read)).toBe(1);
    expect(await takeEarlyRead('q', read)).toBe(2);

    vi.useFakeTimers({ now: Date.parse('2026-11-27T04:00:00Z') });
    startEarlyRead('old', read);
    // Sent (the session is restored and signed in): the third read, answered at once.
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
    expect(reads).toBe(3);
    vi.setSystemTime(Date.parse('2026-11-27T04:00:00Z') + EARLY_READ_FRESH_MS + 1);
    expect(await takeEarlyRead('old', read)).toBe(4);
  });

  it('counts freshness from the answer: a read still on its way after 15 s is neither sent again nor read afresh (issue 61)', async () => {
    const start = Date.parse('2026-11-27T05:00:00Z');
    vi.useFakeTimers({ now: start });
    let reads = 0;
    let answer: (value: string) => void = () => {};
    const slow = () => {
      reads += 1;
      return new Promise<string>((resolve) => (answer = resolve));
    };
    // Boot starts it; on a loaded phone the screen table starts it again 20 s later, and the screen takes it after.
    startEarlyRead('slow', slow);
    await vi.waitFor(() => expect(reads).toBe(1));
    vi.setSystemTime(start + EARLY_READ_FRESH_MS + 5_000);
    startEarlyRead('slow', slow);
    answer('the early answer');
    await Promise.resolve();
    vi.setSystemTime(start + EARLY_READ_FRESH_MS + 6_000);
    expect(await takeEarlyRead('slow', () => Promise.resolve('read afresh'))).toBe('the early answer');
    expect(reads).toBe(1);
  });
});
