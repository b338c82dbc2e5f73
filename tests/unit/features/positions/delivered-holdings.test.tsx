// The position book's delivered shares (issue 63): shares held and owed said as such, with their cost, value and
// P&L at the price now, a stock without a price said so rather than valued at a guess; in English and French.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { DeliveredHoldings } from '@/features/positions/components/delivered-holdings';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../../support/plain-text';

type Holding = components['schemas']['Holding'];

const holdings: Holding[] = [
  { symbol: 'BDL', shares: -325, average_price: 1_640, last_price: 1_600, value: -520_000, pnl: 13_000, last_delivery_at: '2026-12-29T10:12:00.000Z' },
  { symbol: 'RELIANCE', shares: 750, average_price: 1_520, last_price: null, value: null, pnl: null, last_delivery_at: '2026-12-29T10:11:00.000Z' },
];

function renderHoldings(locale: 'en' | 'fr') {
  return render(
    <IntlProvider locale={locale} messages={locale === 'fr' ? frMessages : {}} onError={() => undefined}>
      <DeliveredHoldings holdings={holdings} />
    </IntlProvider>,
  );
}

describe('DeliveredHoldings', () => {
  it('says the shares owed and held, their cost, value and P&L, and a stock without a price', () => {
    renderHoldings('en');
    expect(screen.getByRole('heading', { name: 'Delivered shares' })).toBeTruthy();
    const [bdl, reliance] = screen.getAllByRole('listitem').map((item) => plainText(item.textContent ?? ''));
    expect(bdl).toMatch(/^Owes 325 BDL shares/);
    expect(bdl).toContain('Cost ₹1,640.00 a share');
    expect(bdl).toMatch(/value -₹5,20,000\.00/);
    expect(bdl).toMatch(/\+₹13,000\.00$/);
    expect(reliance).toMatch(/^Holds 750 RELIANCE shares/);
    expect(reliance).toContain('now No price now · value —');
    expect(screen.getByText(/not offered by the paper broker yet/)).toBeTruthy();
  });

  it('says them in French', () => {
    renderHoldings('fr');
    expect(screen.getByRole('heading', { name: 'Actions livrées' })).toBeTruthy();
    const [bdl, reliance] = screen.getAllByRole('listitem').map((item) => plainText(item.textContent ?? ''));
    expect(bdl).toMatch(/^Doit 325 actions BDL/);
    expect(reliance).toMatch(/^Détient 750 actions RELIANCE/);
    expect(reliance).toContain('Pas de prix maintenant');
  });

  it('shows nothing without holdings', () => {
    const { container } = render(
      <IntlProvider locale="en" onError={() => undefined}>
        <DeliveredHoldings holdings={[]} />
      </IntlProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
