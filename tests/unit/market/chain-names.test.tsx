// The option chain's price buttons are named with the price they show first (issue 26, WCAG 2.5.3), so a
// voice-control user can say "click 120.50"; the contract follows for a screen reader.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { SideCells } from '@/features/market/components/option-chain-cells';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../support/plain-text.ts';

vi.mock('@/features/market/hooks/use-quote', () => ({
  useQuote: () => ({ last_price: 120.5, change: 1.5, timestamp: new Date().toISOString() }),
}));

const instrument = {
  instrument: 'NFO:NIFTY26D0126000CE',
  instrument_token: 1,
  exchange: 'NFO' as const,
  tradingsymbol: 'NIFTY26D0126000CE',
  name: 'NIFTY' as const,
  strike: 26000,
  instrument_type: 'CE' as const,
  expiry: '2026-12-01',
  lot_size: 65,
  tick_size: 0.05,
};

function renderRow(locale: 'en' | 'fr') {
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <table>
        <tbody>
          <tr>
            <SideCells instrument={instrument} side="CE" columns={['ltp', 'chg']} alerts onPick={() => undefined} onAlert={() => undefined} />
          </tr>
        </tbody>
      </table>
    </IntlProvider>,
  );
}

describe('a chain price button', () => {
  it.each([
    ['en', '120.50', '120.50, trade NIFTY26D0126000CE'],
    ['fr', '120,50', '120,50, négocier NIFTY26D0126000CE'],
  ] as const)('in %s starts its name with the price it shows', (locale, shown, name) => {
    renderRow(locale);
    // The buttons that show words (the alert bell shows an icon only).
    const [button, ...others] = screen.getAllByRole('button').filter((candidate) => candidate.textContent !== '');
    expect(others).toEqual([]);
    expect(plainText(button!.textContent ?? '')).toBe(shown);
    expect(plainText(button!.getAttribute('aria-label') ?? '')).toBe(name);
  });
});
