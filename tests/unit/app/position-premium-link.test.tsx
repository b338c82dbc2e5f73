// A position row's premium chart (issue 40): the contract held opens /app/premium on that leg, sold for a short
// (the chart of the credit it collects) and bought for a long; a symbol the premium chart cannot draw gets no link.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { PositionPremiumLink } from '@/app/trading/position-premium-link';
import { frMessages } from '@/i18n/locales/fr/index';

type Position = components['schemas']['Position'];

const held = (tradingsymbol: string, quantity: number, expiry = '2026-12-01') => ({ tradingsymbol, quantity, expiry }) as Position;

function renderLink(position: Position, locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} messages={locale === 'fr' ? frMessages : {}} onError={() => undefined}>
      <MemoryRouter>
        <PositionPremiumLink position={position} />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('PositionPremiumLink', () => {
  it("opens a short call's premium chart as the credit sold", () => {
    renderLink(held('NIFTY26D0126000CE', -65));
    const link = screen.getByRole('link', { name: 'Premium chart of NIFTY 01 Dec 26000 CE' });
    expect(decodeURIComponent(link.getAttribute('href')!)).toBe('/app/premium?legs=NIFTY:2026-12-01:26000:CE:S:1');
  });

  it("opens a long put's as bought, and says so in French", () => {
    renderLink(held('BANKNIFTY26D3059000PE', 30, '2026-12-30'), 'fr');
    const link = screen.getByRole('link', { name: 'Graphique de prime de BANKNIFTY 30 déc. 59000 PE' });
    expect(decodeURIComponent(link.getAttribute('href')!)).toBe('/app/premium?legs=BANKNIFTY:2026-12-30:59000:PE:B:1');
  });

  it('draws no link for a symbol the premium chart cannot read', () => {
    renderLink(held('SENSEX26D0482000CE', -20));
    renderLink(held('RELIANCE', 10));
    expect(screen.queryByRole('link')).toBeNull();
  });
});
