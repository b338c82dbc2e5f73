// An order the execution policy re-prices (issue 60), as the order book shows it: its state ("Exit re-pricing,
// try 3 of 10"; past its limit it says it is never given up) and each step with the touch, in English and French.
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Order } from '@/features/orders/api/trading-types';
import { RepricingNote } from '@/features/orders/components/repricing-note';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../support/plain-text.ts';

type Repricing = NonNullable<Order['repricing']>;

const steps: Repricing['steps'] = [
  { at: '2026-11-23T04:10:00Z', try: 1, reason: 'placed', old_price: null, new_price: 99.05, bid: 98.75, ask: 0, last: 99 },
  { at: '2026-11-23T04:10:10Z', try: 2, reason: 'repriced', old_price: 99.05, new_price: 101.55, bid: 101, ask: 101.5, last: 101.25 },
];

function renderIn(locale: 'en' | 'fr', repricing: Repricing) {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" timeZone="Asia/Kolkata" messages={locale === 'fr' ? frMessages : undefined}>
      <RepricingNote repricing={repricing} />
    </IntlProvider>,
  );
}

const text = () => plainText(screen.getByText((_content, element) => element?.getAttribute('data-field') === 'repricing').textContent ?? '');

describe('a re-priced order in the order book', () => {
  it('says the try of its limit, and each step with the touch it was priced on', async () => {
    renderIn('en', { state: 'working', tries: 3, max_tries: 10, exit: false, over_limit: false, steps });
    expect(screen.getByText('Re-pricing, try 3 of 10')).toBeTruthy();
    await userEvent.click(screen.getByText('Steps'));
    expect(text()).toContain('09:40:00 · try 1: placed at ₹99.05 (bid ₹98.75, offer —)');
    expect(text()).toContain('09:40:10 · try 2: moved ₹99.05 → ₹101.55 (bid ₹101.00, offer ₹101.50)');
  });

  it('says an exit past its limit is never given up, in French too', () => {
    renderIn('en', { state: 'working', tries: 12, max_tries: 10, exit: true, over_limit: true, steps });
    expect(screen.getByText('Exit re-pricing, try 12 (past its limit of 10: never given up)')).toBeTruthy();
    renderIn('fr', { state: 'working', tries: 12, max_tries: 10, exit: true, over_limit: true, steps });
    expect(screen.getByText('Sortie en re-cotation, essai 12 (au-delà de sa limite de 10 : jamais abandonnée)', { normalizer: plainText })).toBeTruthy();
  });
});
