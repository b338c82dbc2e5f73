// Under a positions total: when some positions' charges leave the brokerage out (a Flattrade account's fills,
// brokerage_status not_priced), the screen says so in the trader's language; otherwise it says nothing.
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { BrokerageNotPricedNote } from '@/features/positions/components/brokerage-not-priced';
import { frMessages } from '@/i18n/locales/fr/index';

afterEach(cleanup);

const renderNote = (positions: { brokerage_status?: 'priced' | 'not_priced' }[], locale: 'en' | 'fr' = 'en') =>
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <BrokerageNotPricedNote positions={positions} />
    </IntlProvider>,
  );

describe('the brokerage-not-priced note', () => {
  it('says the charges exclude brokerage when one position’s brokerage is not priced (en and fr)', () => {
    renderNote([{}, { brokerage_status: 'not_priced' }]);
    expect(screen.getByText(/^Charges exclude brokerage on some positions/)).toBeTruthy();
    cleanup();
    renderNote([{ brokerage_status: 'not_priced' }], 'fr');
    expect(screen.getByText(/^Les frais excluent le courtage de certaines positions/)).toBeTruthy();
  });

  it('says nothing when every position’s charges are whole', () => {
    const { container } = renderNote([{}, { brokerage_status: 'priced' }]);
    expect(container.textContent).toBe('');
  });
});
