// The index price strip under the header (issue 26): a named region, so it sits in a landmark like the rest
// of the page, and its sideways-scrolling box takes keyboard focus (nothing inside it does).
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { MarketStrip } from '@/features/market/components/market-strip';
import { frMessages } from '@/i18n/locales/fr/index';

vi.mock('@/features/market/hooks/use-quote', () => ({ useQuote: () => null }));

describe('the index price strip', () => {
  it.each([
    ['en', 'Index prices'],
    ['fr', 'Cours des indices'],
  ] as const)('is a named region a keyboard can reach (%s)', (locale, name) => {
    render(
      <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
        <MarketStrip />
      </IntlProvider>,
    );
    const region = screen.getByRole('region', { name });
    expect(region.tabIndex).toBe(0);
    expect(region.className).toContain('overflow-x-auto');
  });
});
