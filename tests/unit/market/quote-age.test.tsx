// A price's age: seconds, then minutes, and from an hour the time it is as of (a last-known copy kept on the
// device, shown offline after a reload: "1,440 min old" said nothing a trader reads at a glance).
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { QuoteAge } from '@/features/market/components/quote-age';
import { nowAtom } from '@/features/market/feed/now-atom';
import { frMessages } from '@/i18n/locales/fr/index';
import { store } from '@/lib/store';
import { plainText } from '../support/plain-text';

function ageAt(now: string, timestamp: string, locale: 'en' | 'fr' = 'en') {
  store.set(nowAtom, Date.parse(now));
  const { container, unmount } = render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <QuoteAge timestamp={timestamp} />
    </IntlProvider>,
  );
  const text = plainText(container.textContent ?? '');
  unmount();
  return text;
}

describe('a price’s age', () => {
  it('is nothing while fresh, then seconds, then minutes', () => {
    expect(ageAt('2026-11-25T05:30:04Z', '2026-11-25T05:30:00Z')).toBe('');
    expect(ageAt('2026-11-25T05:30:12Z', '2026-11-25T05:30:00Z')).toBe('12 s old');
    expect(ageAt('2026-11-25T05:34:00Z', '2026-11-25T05:30:00Z')).toBe('4 min old');
  });

  it('from an hour, is the time it is as of, with the day when it is not today’s (IST)', () => {
    expect(ageAt('2026-11-25T07:00:00Z', '2026-11-25T05:30:20Z')).toBe('as of 11:00:20 IST');
    expect(ageAt('2026-11-26T04:00:00Z', '2026-11-25T10:00:00Z')).toBe('as of 25 Nov 2026, 15:30:00 IST');
    expect(ageAt('2026-11-26T04:00:00Z', '2026-11-25T10:00:00Z', 'fr')).toBe('au 25/11/2026 15:30:00 IST');
  });
});
