// The premium chart's overlay toggles on day candles (issue 62): the VWAP, restarted each day, was on by default
// there and drew nothing; it is off there and says why, and the trader's choice comes back with minute candles.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { OverlayControls } from '@/features/analytics/premium/components/overlay-controls';
import { defaultOverlays } from '@/features/analytics/premium/model/premium-view';
import { frMessages } from '@/i18n/locales/fr/index';

function renderControls(dayCandles: boolean, locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <OverlayControls value={defaultOverlays} onChange={() => undefined} dayCandles={dayCandles} />
    </IntlProvider>,
  );
}

describe('the VWAP toggle', () => {
  it('is on by default over minute candles', () => {
    renderControls(false);
    const vwap = screen.getByRole<HTMLInputElement>('checkbox', { name: 'VWAP' });
    expect(vwap.checked).toBe(true);
    expect(vwap.disabled).toBe(false);
  });

  it('is off over day candles, and says why (en, fr)', () => {
    const { unmount } = renderControls(true);
    const vwap = screen.getByRole<HTMLInputElement>('checkbox', { name: 'VWAP' });
    expect(vwap.checked).toBe(false);
    expect(vwap.disabled).toBe(true);
    expect(document.getElementById(vwap.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'VWAP restarts each day: a day candle has no VWAP line to draw. Choose minute candles to see it.',
    );
    unmount();
    renderControls(true, 'fr');
    expect(screen.getByText(/^Le VWAP repart chaque jour/)).toBeTruthy();
  });
});
