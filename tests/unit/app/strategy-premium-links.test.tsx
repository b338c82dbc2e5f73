// The live book's strategy premium chart (issue 40): the open legs of one index and expiry (a short straddle, an
// iron condor) open one chart of their net premium, bought and sold as held, in lots when the contracts' lot size is
// known and in the ratio of their quantities until then; single legs, closed legs, SENSEX and other expiries are not
// folded into a strategy.
import { render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Position } from '@/features/positions/api/position-calls';
import { bookStrategies } from '@/app/trading/book-strategies';
import { StrategyPremiumLinks } from '@/app/trading/strategy-premium-links';
import { parsePremiumLegs } from '@/lib/charts/premium-link';
import { frMessages } from '@/i18n/locales/fr/index';

const instrumentsForTheDay = vi.hoisted(() => vi.fn());
vi.mock('@/features/market/api/cached-market-facts', () => ({ instrumentsForTheDay }));

const held = (tradingsymbol: string, quantity: number, expiry = '2026-12-01') => ({ tradingsymbol, quantity, expiry, exchange: 'NFO' }) as Position;

/** A short iron condor of two lots (65 a lot) on NIFTY's 1 December expiry. */
const ironCondor = [held('NIFTY26D0126200CE', -130), held('NIFTY26D0125800PE', -130), held('NIFTY26D0126400CE', 130), held('NIFTY26D0125600PE', 130)];

const legsOf = (href: string | null) => parsePremiumLegs(new URL(href ?? '', 'http://x').searchParams.get('legs') ?? '');

function renderLinks(positions: Position[], locale: 'en' | 'fr' = 'en', day?: string) {
  return render(
    <IntlProvider locale={locale} messages={locale === 'fr' ? frMessages : {}} onError={() => undefined}>
      <MemoryRouter>
        <StrategyPremiumLinks positions={positions} day={day} />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('bookStrategies', () => {
  it('makes one strategy of an iron condor, each leg as held, in strike order', () => {
    const [condor, ...others] = bookStrategies(ironCondor, () => 65);
    expect(others).toEqual([]);
    expect(condor).toEqual({
      index: 'NIFTY',
      expiry: '2026-12-01',
      legs: [
        { index: 'NIFTY', expiry: '2026-12-01', strike: 25600, type: 'PE', side: 'BUY', lots: 2 },
        { index: 'NIFTY', expiry: '2026-12-01', strike: 25800, type: 'PE', side: 'SELL', lots: 2 },
        { index: 'NIFTY', expiry: '2026-12-01', strike: 26200, type: 'CE', side: 'SELL', lots: 2 },
        { index: 'NIFTY', expiry: '2026-12-01', strike: 26400, type: 'CE', side: 'BUY', lots: 2 },
      ],
    });
  });

  it("weighs legs by the ratio of their quantities while the lot size is not known (the chart's same ratio)", () => {
    const [ratio] = bookStrategies([held('NIFTY26D0126000CE', -130), held('NIFTY26D0126000PE', -65)]);
    expect(ratio?.legs.map((leg) => [leg.type, leg.side, leg.lots])).toEqual([
      ['PE', 'SELL', 1],
      ['CE', 'SELL', 2],
    ]);
    // A lot size that does not divide a quantity is not trusted either.
    const [odd] = bookStrategies([held('NIFTY26D0126000CE', -100), held('NIFTY26D0126000PE', -50)], () => 65);
    expect(odd?.legs.map((leg) => leg.lots)).toEqual([1, 2]);
  });

  it('adds the same contract held in two rows, and leaves out closed legs, single legs, SENSEX and more than 8 legs', () => {
    // Two bots' rows of one call net to one leg; the put bought back is closed: one leg left, no strategy.
    expect(bookStrategies([held('NIFTY26D0126000CE', -65), held('NIFTY26D0126000CE', -65), held('NIFTY26D0126000PE', 0)])).toEqual([]);
    const [straddle] = bookStrategies([held('NIFTY26D0126000CE', -65), held('NIFTY26D0126000CE', -65), held('NIFTY26D0126000PE', -130)], () => 65);
    expect(straddle?.legs.map((leg) => [leg.type, leg.lots])).toEqual([
      ['PE', 2],
      ['CE', 2],
    ]);
    // A call and a put of different expiries are two single legs, not a strategy.
    expect(bookStrategies([held('NIFTY26D0126000CE', -65), held('NIFTY26D0826000PE', -65, '2026-12-08')])).toEqual([]);
    expect(bookStrategies([held('SENSEX26D0482000CE', -20, '2026-12-04'), held('SENSEX26D0482000PE', -20, '2026-12-04')])).toEqual([]);
    const nine = Array.from({ length: 9 }, (_, i) => held(`NIFTY26D01${25600 + 100 * i}CE`, 65));
    expect(bookStrategies(nine)).toEqual([]);
    expect(bookStrategies(nine.slice(0, 8))).toHaveLength(1);
  });
});

describe('StrategyPremiumLinks', () => {
  beforeEach(() => {
    instrumentsForTheDay.mockReset();
  });

  it("opens the iron condor's combined premium chart, in lots once the day's contracts say the lot size", async () => {
    instrumentsForTheDay.mockResolvedValue({ instruments: ironCondor.map((position) => ({ tradingsymbol: position.tradingsymbol, lot_size: 65 })) });
    renderLinks([...ironCondor, held('BANKNIFTY26D3059000PE', 30, '2026-12-30')]);
    const link = screen.getByRole('link', { name: /Premium chart: NIFTY .* \(4 legs\)/ });
    // Before the lot size is read: the quantities' ratio, 1 lot each.
    expect(legsOf(link.getAttribute('href'))?.map((leg) => leg.lots)).toEqual([1, 1, 1, 1]);
    await waitFor(() => expect(legsOf(link.getAttribute('href'))?.map((leg) => leg.lots)).toEqual([2, 2, 2, 2]));
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toBe(
      '/app/premium?legs=NIFTY:2026-12-01:25600:PE:B:2,NIFTY:2026-12-01:25800:PE:S:2,NIFTY:2026-12-01:26200:CE:S:2,NIFTY:2026-12-01:26400:CE:B:2',
    );
    expect(instrumentsForTheDay).toHaveBeenCalledWith('NIFTY', '2026-12-01');
    // The BANKNIFTY put alone is not a strategy: its row's own button charts it.
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it("says so in French, keeps a past day's chart on that day, and draws nothing without a strategy", async () => {
    instrumentsForTheDay.mockRejectedValue(new Error('offline'));
    renderLinks(ironCondor.slice(0, 2), 'fr', '2026-11-20');
    const link = screen.getByRole('link', { name: /Graphique de prime : NIFTY .* \(2 jambes\)/ });
    expect(new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('from')).toBe('2026-11-20');
    await waitFor(() => expect(instrumentsForTheDay).toHaveBeenCalled());
    // The lot size could not be read: the chart still opens, in the quantities' ratio.
    expect(legsOf(link.getAttribute('href'))?.map((leg) => leg.lots)).toEqual([1, 1]);
    renderLinks([held('NIFTY26D0126000CE', -65)]);
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});
