// The bot form says which hours the bot will keep (issue 36): the exchange's 09:15–15:30 IST live, in backtests
// and on a server on exchange hours, any hour only in demo mode; and a time typed outside them (08:06, which a
// demo server accepts) is flagged with what happens to it, before the trader saves a bot that never trades.
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { BotForm } from '@/features/portfolios/components/bot-form';
import type { BotKind } from '@/features/portfolios/model/bot-kind';
import { frMessages } from '@/i18n/locales/fr/index';
import type { TradingMode } from '@/lib/trading/trading-mode';
import { plainText } from '../../support/plain-text';

function renderForm(kind: BotKind, mode: TradingMode | undefined, locale: 'en' | 'fr' = 'en') {
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <BotForm id="bot-form" kind={kind} strategies={[]} busy={false} error={null} onSave={() => undefined} mode={mode} />
    </IntlProvider>,
  );
}

const type = (label: string, value: string) => {
  const field = screen.getByLabelText(label, { exact: false });
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
};
const hours = () => plainText(screen.getByTestId('bot-hours').textContent ?? '');

describe('the hours a bot keeps', () => {
  it('says a paper bot trades any hour only in demo mode, and flags an 08:06 entry with what happens to it', () => {
    renderForm('daily', 'paper');
    expect(hours()).toBe('Backtests and a server on exchange hours trade 09:15–15:30 IST; only demo mode trades at any hour.');
    type('Entry time', '09:20');
    type('Exit time', '15:15');
    expect(screen.queryByTestId('outside-hours')).toBeNull();
    type('Entry time', '0806');
    const warning = screen.getByRole('status');
    expect(plainText(warning.textContent ?? '')).toBe(
      'Entry time 08:06: outside market hours (09:15–15:30 IST). Outside demo mode the server takes such a time only inside a special session of the exchange calendar (Muhurat trading’s hour), and the bot then trades on that session’s day alone; a backtest of any other day never trades at that time (its report says so, day by day).',
    );
    type('Entry time', '09:15');
    expect(screen.queryByTestId('outside-hours')).toBeNull();
  });

  it('names every time outside the session of a live trading bot’s window', () => {
    renderForm('trading', 'live');
    expect(hours()).toContain('A live bot trades on the exchange, 09:15–15:30 IST, as backtests do.');
    type('Entries from', '09:00');
    type('Entries until', '12:00');
    type('Exit time', '15:45');
    expect(plainText(screen.getByTestId('outside-hours').textContent ?? '')).toMatch(/^Entries from 09:00 and Exit time 15:45: outside market hours/);
  });

  it('speaks French', () => {
    renderForm('daily', undefined, 'fr');
    expect(hours()).toBe('Les backtests et un serveur aux horaires de la bourse tradent 09:15–15:30 IST ; seul le mode démo trade à toute heure.');
    type('Heure d’entrée', '8h06');
    expect(plainText(screen.getByTestId('outside-hours').textContent ?? '')).toMatch(/^Heure d’entrée 08:06 : hors des horaires de marché \(09:15–15:30 IST\)\. Hors du mode démo, le serveur n’accepte une telle heure que dans une séance spéciale/);
  });
});
