// The spoken price of the ticket's contract (issue 26), chosen in Settings › Accessibility since issue 36 (its
// checkbox on the ticket stood between the trader and the Buy button): off by default, then a polite live
// region saying the last price at most every 5 seconds, only when it changed; in English and French.
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceEveryMs, PriceAnnouncer } from '@/components/trading/price-announcer';
import { AccessibilitySection } from '@/features/settings/components/accessibility-section';
import { frMessages } from '@/i18n/locales/fr/index';
import { DEFAULT_PREFERENCES, preferencesAtom } from '@/lib/preferences/preferences-atom';
import { store } from '@/lib/store';
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
const announce = (on: boolean) => act(() => store.set(preferencesAtom, { ...store.get(preferencesAtom), announcePrices: on }));

beforeEach(() => store.set(preferencesAtom, DEFAULT_PREFERENCES));
afterEach(() => {
  vi.useRealTimers();
  store.set(preferencesAtom, DEFAULT_PREFERENCES);
});

describe('the spoken price', () => {
  beforeEach(() => vi.useFakeTimers());

  it('is off by default: the polite live region is there and says nothing as the price ticks, and the ticket has no checkbox for it', () => {
    const { tick } = renderAnnouncer('en', 120.5);
    const region = screen.getByTestId('price-announcement');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('checkbox')).toBeNull();
    tick(121);
    advance(announceEveryMs * 2);
    expect(spoken()).toBe('');
  });

  it('once on, says the price at once, then at most every 5 seconds, the latest price at each boundary', () => {
    const { tick } = renderAnnouncer('en', 120.5);
    announce(true);
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
    announce(true);
    advance(0);
    expect(spoken()).toBe('NIFTY26D0126000CE : 120,50');
    announce(false);
    expect(spoken()).toBe('');
  });
});

describe('Settings › Accessibility', () => {
  it('turns the ticket’s spoken price on and off, as a preference of this device', async () => {
    render(
      <IntlProvider locale="fr" defaultLocale="en" messages={frMessages}>
        <AccessibilitySection />
      </IntlProvider>,
    );
    const box = screen.getByRole('checkbox', { name: 'Annoncer le prix du ticket d’ordre aux lecteurs d’écran' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await userEvent.click(box);
    expect(store.get(preferencesAtom).announcePrices).toBe(true);
    expect(box.checked).toBe(true);
    await userEvent.click(box);
    expect(store.get(preferencesAtom).announcePrices).toBe(false);
  });
});
