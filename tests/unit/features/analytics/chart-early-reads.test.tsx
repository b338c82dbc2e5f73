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
import { startEarlyPremiumRead } from '@/features/analytics/premium/api/get-strategy-premium';
import { startEarlyIvReads } from '@/features/analytics/volatility/iv-reads';
import { VolatilityScreen } from '@/features/analytics/volatility/volatility-screen';
import { startEarlyOiRead } from '@/features/open-interest/api/oi-reads';
import { OpenInterestScreen } from '@/features/open-interest/routes/open-interest-screen';
import { EARLY_READ_FRESH_MS, startEarlyRead, takeEarlyRead } from '@/lib/api/early-read';
import { API, notificationTitles, useNotifiedApi } from '../../support/notified-api';

const server = setupServer();
const asked: string[] = [];

function count(path: string, respond: () => Response) {
  return http.get(`${API}${path}`, ({ request }) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}?${url.searchParams.toString()}`);
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
});
afterEach(() => {
  vi.useRealTimers();
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

  it('volatility: its history, day and smile asked before the screen renders, each taken by it', async () => {
    server.use(
      count('/api/market-history/iv/history/', () => HttpResponse.json(emptyHistory)),
      count('/api/market-history/iv/day/', () => HttpResponse.json(emptyDay)),
      count('/api/market-history/iv/smile/', () => HttpResponse.json({ index: 'NIFTY', expiry: null, now: null, earlier: null })),
    );
    startEarlyIvReads('?index=NIFTY');
    await vi.waitFor(() => expect([...asked].sort()).toEqual(['/api/market-history/iv/day/?index=NIFTY', '/api/market-history/iv/history/?index=NIFTY&lookback_days=365', '/api/market-history/iv/smile/?index=NIFTY']));
    renderAt('/app/volatility?index=NIFTY', <VolatilityScreen />);
    await screen.findByText('No option prices in market history yet');
    expect(asked).toHaveLength(3);
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
    expect(asked).toEqual(['/api/market-history/open-interest/?index=NIFTY&interval=5', '/api/market-history/open-interest/?index=BANKNIFTY&interval=5']);
  });
});

describe('the early reads\' store', () => {
  it('gives a read once, starts one read per question, and reads afresh once the early one is old', async () => {
    let reads = 0;
    const read = () => Promise.resolve((reads += 1));
    startEarlyRead('q', read);
    startEarlyRead('q', read);
    expect(reads).toBe(1);
    expect(await takeEarlyRead('q', read)).toBe(1);
    expect(await takeEarlyRead('q', read)).toBe(2);

    vi.useFakeTimers({ now: Date.parse('2026-11-27T04:00:00Z') });
    startEarlyRead('old', read);
    vi.setSystemTime(Date.parse('2026-11-27T04:00:00Z') + EARLY_READ_FRESH_MS + 1);
    expect(await takeEarlyRead('old', read)).toBe(4);
  });
});
