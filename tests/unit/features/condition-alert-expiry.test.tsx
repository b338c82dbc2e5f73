/**
 * The premium and IV charts' "Set an alert" on an expiry that is over (issue 40): the server refuses such an alert,
 * so the button is disabled with the reason beside it (en, fr) and no form opens; on an expiry still trading
 * (until its day's close as the server describes the expiry: 15:40 IST since 3 August 2026) it opens the form.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConditionAlertButton } from '@/features/alerts/components/condition-alert-dialog';
import { ConditionAlertForm } from '@/features/alerts/components/condition-alert-form';
import { frMessages } from '@/i18n/locales/fr/index';
import { learnExpiryCloses, learnTodaySession, sessionFactsAtom } from '@/lib/market/session-facts';
import { store } from '@/lib/store';

const at = (instant: string) => () => Date.parse(instant);
/** The text the button's aria-describedby points at: what a screen reader says after its name. */
const descriptionOf = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
const inEnglish = (ui: ReactNode) => render(<IntlProvider locale="en" defaultLocale="en">{ui}</IntlProvider>);

const ivButton = (expiry: string, instant: string) => {
  const view = inEnglish(<ConditionAlertButton subject={{ kind: 'iv', index: 'NIFTY', expiry }} now={at(instant)} />);
  const disabled = (screen.getByRole('button', { name: 'Set an IV alert' }) as HTMLButtonElement).disabled;
  view.unmount();
  return disabled ? 'over' : 'trading';
};

beforeEach(() => store.set(sessionFactsAtom, { closes: {}, today: null }));

describe('an alert on an expiry that is over', () => {
  it('ends at the close the server gave the expiry: 15:40 IST since 3 August 2026, 15:30 before', () => {
    learnExpiryCloses([
      { date: '2026-11-24', closes_at: '2026-11-24T15:40:00+05:30' },
      { date: '2026-07-28', closes_at: '2026-07-28T15:30:00+05:30' },
    ]);
    expect(ivButton('2026-11-24', '2026-11-24T15:35:00+05:30')).toBe('trading');
    expect(ivButton('2026-11-24', '2026-11-24T15:39:59+05:30')).toBe('trading');
    expect(ivButton('2026-11-24', '2026-11-24T15:40:00+05:30')).toBe('over');
    expect(ivButton('2026-07-28', '2026-07-28T15:30:00+05:30')).toBe('over');
  });

  it('without the expiry described, ends at today’s close as the price stream said it, else at the end of its day', () => {
    expect(ivButton('2026-11-24', '2026-11-24T23:59:00+05:30')).toBe('trading');
    expect(ivButton('2026-11-24', '2026-11-25T00:00:00+05:30')).toBe('over');
    learnTodaySession({ day: '2026-11-24', open: '09:15', close: '15:40', mis_square_off: '15:25' });
    expect(ivButton('2026-11-24', '2026-11-24T15:39:00+05:30')).toBe('trading');
    expect(ivButton('2026-11-24', '2026-11-24T15:40:00+05:30')).toBe('over');
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
    // The dialog's code loads after the chart's first drawing, or at this press (issue 61).
    expect(await screen.findByRole('dialog', { name: 'Alert on this ATM IV' }, { timeout: 30_000 })).toBeTruthy();
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

describe('the minute an alert counts from', () => {
  const form = (onCreate: () => Promise<void>) =>
    inEnglish(<ConditionAlertForm subject={{ kind: 'premium', legs: 'NIFTY:2026-12-29:24000:CE:S:1' }} words="NIFTY 29 Dec 24000 CE" onCreate={onCreate} />);
  const submitAt = async (text: string) => {
    const field = screen.getByLabelText('From the minute (IST)', { exact: false });
    await userEvent.clear(field);
    await userEvent.type(field, text);
    await userEvent.click(screen.getByRole('button', { name: 'Create alert' }));
  };

  it('is a minute of today’s session as the server said it: 15:35 since the close moved to 15:40, 15:45 never', async () => {
    learnTodaySession({ day: '2026-11-27', open: '09:15', close: '15:40', mis_square_off: '15:25' });
    const onCreate = vi.fn(async () => undefined);
    form(onCreate);
    await submitAt('15:45');
    expect(screen.getByText('Enter a minute from 09:15 to 15:39, as HH:MM.')).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
    await submitAt('1535');
    expect(onCreate).toHaveBeenCalledWith(expect.objectContaining({ from_minute: '15:35' }));
  });

  it('before the server has said today’s session, takes any time of day and leaves the session to the server', async () => {
    const onCreate = vi.fn(async () => undefined);
    form(onCreate);
    await submitAt('25:00');
    expect(screen.getByText('Enter a minute as HH:MM.')).toBeTruthy();
    await submitAt('15:35');
    expect(onCreate).toHaveBeenCalledWith(expect.objectContaining({ from_minute: '15:35' }));
  });
});
