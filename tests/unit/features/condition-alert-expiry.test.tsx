/**
 * The premium and IV charts' "Set an alert" on an expiry that is over (issue 40): the server refuses such an alert,
 * so the button is disabled with the reason beside it (en, fr) and no form opens; on an expiry still trading
 * (until 15:30 IST on its day) it opens the form.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { expiryOver } from '@quant/contract-expiry.ts';
import { ConditionAlertButton } from '@/features/alerts/components/condition-alert-dialog';
import { frMessages } from '@/i18n/locales/fr/index';

const at = (instant: string) => () => Date.parse(instant);
/** The text the button's aria-describedby points at: what a screen reader says after its name. */
const descriptionOf = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
const inEnglish = (ui: ReactNode) => render(<IntlProvider locale="en" defaultLocale="en">{ui}</IntlProvider>);

describe('an alert on an expiry that is over', () => {
  it('ends at 15:30 IST on the expiry day, as the server judges it', () => {
    expect(expiryOver('2026-11-24', Date.parse('2026-11-24T15:29:59+05:30'))).toBe(false);
    expect(expiryOver('2026-11-24', Date.parse('2026-11-24T15:30:00+05:30'))).toBe(true);
    expect(expiryOver('2026-11-24', Date.parse('2026-11-25T09:15:00+05:30'))).toBe(true);
  });

  it('disables "Set an IV alert" with the reason for a past expiry, and opens no form', async () => {
    inEnglish(<ConditionAlertButton subject={{ kind: 'iv', index: 'NIFTY', expiry: '2026-11-24' }} now={at('2026-11-27T10:00:00+05:30')} />);
    const button = screen.getByRole('button', { name: 'Set an IV alert' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(descriptionOf(button)).toBe('This expiry is over: an alert can only watch an expiry still trading.');
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the IV alert on an expiry still trading', async () => {
    inEnglish(<ConditionAlertButton subject={{ kind: 'iv', index: 'NIFTY', expiry: '2026-12-29' }} now={at('2026-11-27T10:00:00+05:30')} />);
    const button = screen.getByRole('button', { name: 'Set an IV alert' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/This expiry is over/)).toBeNull();
    await userEvent.click(button);
    expect(screen.getByRole('dialog', { name: 'Alert on this ATM IV' })).toBeTruthy();
  });

  it('judges a premium by its nearest leg: one leg expired is enough', () => {
    const legs = 'NIFTY:2026-11-24:24000:CE:S:1,NIFTY:2026-12-29:24000:CE:B:1';
    inEnglish(<ConditionAlertButton subject={{ kind: 'premium', legs }} now={at('2026-11-27T10:00:00+05:30')} />);
    expect((screen.getByRole('button', { name: 'Set an alert' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says it in French', () => {
    render(
      <IntlProvider locale="fr" defaultLocale="en" messages={frMessages}>
        <ConditionAlertButton subject={{ kind: 'iv', index: 'NIFTY', expiry: '2026-11-24' }} now={at('2026-11-27T10:00:00+05:30')} />
      </IntlProvider>,
    );
    const button = screen.getByRole('button', { name: 'Créer une alerte d’IV' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(descriptionOf(button)).toBe('Cette échéance est passée : une alerte ne peut suivre qu’une échéance encore cotée.');
  });
});
