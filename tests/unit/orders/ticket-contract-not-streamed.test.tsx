// The ticket's price line for a contract without a price: "No live price yet" while one may come; when the
// account's broker said it does not stream the contract (issue 64), that it never will, with no "yet".
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { TicketContract } from '@/features/orders/components/ticket-contract';
import { frMessages } from '@/i18n/locales/fr/index';

const contract = { name: 'NIFTY', expiry: '2026-12-01', strike: 26_000, instrument_type: 'CE' as const };

function priceLine(notStreamedBy: string | null, locale: 'en' | 'fr' = 'en'): string {
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <TicketContract instrument={contract} quote={null} notStreamedBy={notStreamedBy} />
    </IntlProvider>,
  );
  return screen.getByTestId('contract-name').nextElementSibling?.textContent ?? '';
}

describe("the ticket's price line without a price", () => {
  it('waits for a price that may come', () => {
    expect(priceLine(null)).toBe('No live price yet');
  });

  it('says the broker does not stream the contract', () => {
    expect(priceLine('Dhan')).toBe('Dhan does not stream prices for this contract: it cannot be priced here.');
  });

  it('in French', () => {
    expect(priceLine('Dhan', 'fr')).toBe('Dhan ne diffuse pas les prix de ce contrat : il ne peut pas être valorisé ici.');
  });
});
