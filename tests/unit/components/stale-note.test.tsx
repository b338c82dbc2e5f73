// "Last known, as of <time> IST": a copy from an earlier day (kept on the device, opened offline the next
// morning) names its day, or "as of 15:30:00" would read as this afternoon's (issue 36).
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaleNote } from '@/components/ui/stale-note';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../support/plain-text';

function noteAt(now: string, asOf: string, locale: 'en' | 'fr' = 'en') {
  vi.useFakeTimers({ now: Date.parse(now), toFake: ['Date'] });
  const { container, unmount } = render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <StaleNote asOf={Date.parse(asOf)} />
    </IntlProvider>,
  );
  const text = plainText(container.textContent ?? '');
  unmount();
  return text;
}

afterEach(() => vi.useRealTimers());

describe('a last-known copy’s time', () => {
  it('is the time alone when it is today’s (IST)', () => {
    expect(noteAt('2026-11-25T09:00:00Z', '2026-11-25T05:30:20Z')).toBe('Last known, as of 11:00:20 IST: it could not be refreshed.');
  });

  it('names the day when it is an earlier day’s, in the trader’s language', () => {
    expect(noteAt('2026-11-26T04:00:00Z', '2026-11-25T10:00:00Z')).toBe('Last known, as of 25 Nov 2026, 15:30:00 IST: it could not be refreshed.');
    expect(noteAt('2026-11-26T04:00:00Z', '2026-11-25T10:00:00Z', 'fr')).toMatch(/^.*25\/11\/2026 15:30:00 IST.*$/);
  });
});
