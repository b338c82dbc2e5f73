// One "source / as of" line for the chart screens (issue 40): the premium, open interest, volatility and
// participants screens name where their numbers come from in the same words, and their time as the figures are
// (a minute, a day, or a day's close), in English and French.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { DataSource, type DataSourceKind } from '@/components/ui/data-source';
import { frMessages } from '@/i18n/locales/fr/index';

// Dates are isolated with FSI/PDI marks (bidi-safe in RTL); compare the words without them.
const text = () => (screen.getByTestId('source').textContent ?? '').replace(/[\u2066-\u2069]/g, '');

function renderSource(sources: DataSourceKind[], asOf: string | null, precision?: 'minute' | 'day' | 'endOfDay', locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} messages={locale === 'fr' ? frMessages : {}} onError={() => undefined}>
      <DataSource sources={sources} asOf={asOf} precision={precision} testId="source" />
    </IntlProvider>,
  );
}

describe('DataSource', () => {
  it('names each source once, in the order given, and the minute in IST', () => {
    renderSource(['recorded', 'upstox', 'recorded', 'simulated'], '2026-11-27T04:05:00.000Z');
    expect(text()).toBe('Source: recorded from a live feed, Upstox option candles, imported, simulated (not real prices). As of 27 Nov 2026, 09:35:00.');
  });

  it("says a file's day is its close, and a day alone without a time", () => {
    const { unmount } = renderSource(['participants'], '2026-08-28', 'endOfDay');
    expect(text()).toBe('Source: NSE participant-wise open interest, imported. As of 28 Aug 2026 (end of day).');
    unmount();
    renderSource(['bhavcopy', 'kite'], '2026-08-28', 'day');
    expect(text()).toBe('Source: NSE bhavcopy, imported (end of day), Kite option candles, imported. As of 28 Aug 2026.');
  });

  it('names the sources alone without a time, and draws nothing without a source', () => {
    const { container, unmount } = renderSource([], '2026-08-28');
    expect(container.innerHTML).toBe('');
    unmount();
    renderSource(['live', 'imported'], null);
    expect(text()).toBe('Source: live feed, imported (broker history, NSE files).');
  });

  it('says it in French', () => {
    const { unmount } = renderSource(['participants'], '2026-08-28', 'endOfDay', 'fr');
    expect(text()).toBe('Source : positions ouvertes par participant de la NSE, importées. Au 28/08/2026 (fin de séance).');
    unmount();
    renderSource(['bhavcopy', 'simulated'], '2026-11-27T04:05:00.000Z', 'minute', 'fr');
    expect(text()).toBe('Source : bhavcopy de la NSE, importée (clôture), simulé (pas des prix réels). Au 27/11/2026 09:35:00.');
  });
});
