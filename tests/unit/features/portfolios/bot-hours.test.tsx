// The bot form says which hours the bot will keep (issue 36): the exchange's session live, in backtests (each
// day's own) and on a server on exchange hours, any hour only in demo mode; and a time typed outside them (08:06,
// which a demo server accepts) is flagged with what happens to it, before the trader saves a bot that never
// trades. Today's hours are the server's word (issue 60: 09:15–15:40 IST since 3 August 2026): until the price
// stream has said them, the form names none and flags nothing.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { beforeEach, describe, expect, it } from 'vitest';
import { BotForm } from '@/features/portfolios/components/bot-form';
import type { BotKind } from '@/features/portfolios/model/bot-kind';
import { frMessages } from '@/i18n/locales/fr/index';
import { learnTodaySession, sessionFactsAtom } from '@/lib/market/session-facts';
import { store } from '@/lib/store';
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

const today = { day: '2026-12-01', open: '09:15', close: '15:40', mis_square_off: '15:25' };

describe('the hours a bot keeps', () => {
  beforeEach(() => {
    store.set(sessionFactsAtom, { closes: {}, today: null });
    learnTodaySession(today);
  });

  it('says a paper bot trades any hour only in demo mode, and flags an 08:06 entry with what happens to it', () => {
    renderForm('daily', 'paper');
    expect(hours()).toBe('Backtests and a server on exchange hours trade in each day’s session (today 09:15–15:40 IST); only demo mode trades at any hour.');
    type('Entry time', '09:20');
    // Inside today's session since the close moved to 15:40, outside the old 15:30 one.
    type('Exit time', '15:35');
    expect(screen.queryByTestId('outside-hours')).toBeNull();
    type('Entry time', '0806');
    const warning = screen.getByRole('status');
    expect(plainText(warning.textContent ?? '')).toBe(
      'Entry time 08:06: outside today’s market hours (09:15–15:40 IST). Outside demo mode the server takes such a time only inside a special session of the exchange calendar (Muhurat trading’s hour), and the bot then trades on that session’s day alone; a backtest of any other day never trades at that time (its report says so, day by day).',
    );
    type('Entry time', '09:15');
    expect(screen.queryByTestId('outside-hours')).toBeNull();
  });

  it('names every time outside the session of a live trading bot’s window', () => {
    renderForm('trading', 'live');
    expect(hours()).toBe('A live bot trades in the exchange’s session, today 09:15–15:40 IST; backtests keep each day’s own session.');
    type('Entries from', '09:00');
    type('Entries until', '12:00');
    type('Exit time', '15:45');
    expect(plainText(screen.getByTestId('outside-hours').textContent ?? '')).toMatch(/^Entries from 09:00 and Exit time 15:45: outside today’s market hours/);
  });

  it('speaks French', () => {
    renderForm('daily', undefined, 'fr');
    expect(hours()).toBe('Les backtests et un serveur aux horaires de la bourse tradent pendant la séance de chaque jour (aujourd’hui 09:15–15:40 IST) ; seul le mode démo trade à toute heure.');
    type('Heure d’entrée', '8h06');
    expect(plainText(screen.getByTestId('outside-hours').textContent ?? '')).toMatch(/^Heure d’entrée 08:06 : hors des horaires de marché d’aujourd’hui \(09:15–15:40 IST\)\. Hors du mode démo, le serveur n’accepte une telle heure que dans une séance spéciale/);
  });

  it('names no hours and flags no time before the server has said today’s session', () => {
    store.set(sessionFactsAtom, { closes: {}, today: null });
    renderForm('daily', 'live');
    expect(hours()).toBe('A live bot trades in the exchange’s session; backtests keep each day’s own session.');
    expect(screen.getByLabelText('Entry time', { exact: false }).getAttribute('aria-describedby')).toBeTruthy();
    type('Entry time', '0806');
    expect(screen.queryByTestId('outside-hours')).toBeNull();
    // The stream speaks: the note names today's hours and the 08:06 entry is flagged at once.
    act(() => learnTodaySession(today));
    expect(hours()).toContain('today 09:15–15:40 IST');
    expect(screen.getByTestId('outside-hours')).toBeTruthy();
  });
});
