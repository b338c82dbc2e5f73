// The opt-in spoken price of the ticket's contract (issue 26): off by default, then a polite live region
// saying the last price at most every 5 seconds, only when it changed; in English and French.
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceEveryMs, PriceAnnouncer } from '@/components/trading/price-announcer';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../support/plain-text.ts';

function renderAnnouncer(locale: 'en' | 'fr', lastPrice: number | null) {
  const tree = (price: number | null) => (
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <PriceAnnouncer symbol="NIFTY26D0126000CE" lastPrice={price} />
    </IntlProvider>
  );
  const view = render(tree(lastPrice));
  return { tick: (price: number | null) => view.rerender(tree(price)) };
}

const spoken = () => plainText(screen.getByTestId('price-announcement').textContent ?? '');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the spoken price', () => {
  it('is off by default: the polite live region is there and says nothing as the price ticks', () => {
    const { tick } = renderAnnouncer('en', 120.5);
    const region = screen.getByTestId('price-announcement');
    expect(region.getAttribute('aria-live')).toBe('polite');
    const toggle = screen.getByRole('checkbox', { name: 'Announce its price to screen readers (at most every 5 seconds)' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    tick(121);
    advance(announceEveryMs * 2);
    expect(spoken()).toBe('');
  });

  it('once on, says the price at once, then at most every 5 seconds, the latest price at each boundary', () => {
    const { tick } = renderAnnouncer('en', 120.5);
    act(() => screen.getByRole('checkbox').click());
    advance(0);
    expect(spoken()).toBe('NIFTY26D0126000CE: 120.50');
    // Ticks every second: nothing new is said before the 5 seconds are up …
    for (const price of [121, 121.5, 122, 122.5]) {
      advance(1000);
      tick(price);
      expect(spoken()).toBe('NIFTY26D0126000CE: 120.50');
    }
    // … then the latest price, once.
    advance(1000);
    expect(spoken()).toBe('NIFTY26D0126000CE: 122.50');
    tick(123);
    advance(announceEveryMs - 1);
    expect(spoken()).toBe('NIFTY26D0126000CE: 122.50');
    advance(1);
    expect(spoken()).toBe('NIFTY26D0126000CE: 123.00');
  });

  it('falls silent when turned off, and speaks French', () => {
    renderAnnouncer('fr', 120.5);
    const toggle = screen.getByRole('checkbox', { name: 'Annoncer son prix aux lecteurs d’écran (au plus toutes les 5 secondes)' });
    act(() => toggle.click());
    advance(0);
    expect(spoken()).toBe('NIFTY26D0126000CE : 120,50');
    act(() => toggle.click());
    expect(spoken()).toBe('');
  });
});
