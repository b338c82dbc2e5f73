// A backtest that made no trade says why, day by day (issue 36): the report lists each of the bot's days
// without a trade with the server's reason in the trader's language, counted by reason, open when there was
// no trade at all and folded when the bot traded on other days. HTTP is MSW.
import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { BacktestReportScreen } from '@/features/backtests/routes/backtest-report-screen';
import { configureApiClients } from '@/lib/api/clients';
import { plainText } from '../../support/plain-text';
import { doneBacktest } from './backtest-fixtures';
import { API, handlers, renderAt, resetState, state } from './backtests-harness';

const drawEquity = vi.hoisted(() => vi.fn(() => () => undefined));
vi.mock('@/features/backtests/components/equity-chart-draw', () => ({ drawEquity }));

type NoTradeDay = components['schemas']['NoTradeDay'];
const hours = 'backtests and live trading keep exchange hours, only demo mode trades at any hour.';
const beforeOpen = (date: string, open: string, close: string): NoTradeDay => ({
  date,
  reason: 'before_open',
  message: `The entry time 08:06 is before the exchange opens (${open}–${close} IST that day): ${hours}`,
  message_i18n: { code: 'no_trade.before_open', params: { entry: '08:06', open, close } },
});
// What the server answers for an 08:06 daily bot over Diwali week 2025 (tests/server/backtests/no-trade-days.test.ts).
const week: NoTradeDay[] = [
  beforeOpen('2025-10-20', '09:15', '15:30'),
  beforeOpen('2025-10-21', '13:45', '14:45'),
  { date: '2025-10-22', reason: 'holiday', message: 'NSE was closed: Diwali Balipratipada.', message_i18n: { code: 'no_trade.holiday', params: { name: 'Diwali Balipratipada' } } },
  {
    date: '2025-10-23',
    reason: 'no_history',
    message: 'A trading day without imported history for the index: nothing to trade on.',
    message_i18n: { code: 'no_trade.no_history', params: {} },
  },
  beforeOpen('2025-10-24', '09:15', '15:30'),
];
const noTrade = { ...doneBacktest, trades: [], no_trade_days: week, summary: { ...doneBacktest.summary!, trades: 0 } };

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  resetState();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const text = (element: Element) => plainText(element.textContent ?? '');

describe('the days without a trade', () => {
  it('says why for each of the bot’s days when it made no trade at all', async () => {
    state.backtests = [noTrade];
    renderAt('/app/backtests/7', <BacktestReportScreen />);
    const days = await screen.findByTestId('no-trade-days');
    expect(screen.getByText('The bot made no trade in this range.')).toBeTruthy();
    expect(days.hasAttribute('open')).toBe(true);
    expect(text(days.querySelector('summary')!)).toBe('5 days of the bot’s without a trade, and why');
    expect(within(screen.getByTestId('no-trade-counts')).getAllByRole('listitem').map(text)).toEqual(['Before the open: 3 days', 'Holiday: 1 day', 'No history: 1 day']);
    const rows = within(days).getAllByRole('listitem').filter((item) => item.closest('ol') !== null).map(text);
    expect(rows).toEqual([
      `20 Oct 2025The entry time 08:06 is before the exchange opens (09:15–15:30 IST that day): ${hours}`,
      `21 Oct 2025The entry time 08:06 is before the exchange opens (13:45–14:45 IST that day): ${hours}`,
      '22 Oct 2025NSE was closed: Diwali Balipratipada.',
      '23 Oct 2025A trading day without imported history for the index: nothing to trade on.',
      `24 Oct 2025The entry time 08:06 is before the exchange opens (09:15–15:30 IST that day): ${hours}`,
    ]);
  });

  it('speaks French, the reason’s words included', async () => {
    state.backtests = [noTrade];
    renderAt('/app/backtests/7', <BacktestReportScreen />, 'fr');
    const days = await screen.findByTestId('no-trade-days');
    expect(text(days.querySelector('summary')!)).toBe('5 jours du bot sans trade, et pourquoi');
    expect(within(screen.getByTestId('no-trade-counts')).getAllByRole('listitem').map(text)).toEqual(['Avant l’ouverture : 3 jours', 'Jour férié : 1 jour', 'Sans historique : 1 jour']);
    expect(text(days)).toContain(
      'L’heure d’entrée 08:06 est avant l’ouverture de la bourse (13:45–14:45 IST ce jour-là) : les backtests et le trading réel suivent les horaires de la bourse, seul le mode démo trade à toute heure.',
    );
    expect(text(days)).toContain('NSE était fermée : Diwali Balipratipada.');
  });

  // Issue 62: "The bot did not enter." six times; now the condition that failed and why, in the trader's language.
  it('names the entry condition that failed and why, counted as such, in English and French', async () => {
    const words = { code: 'no_trade.condition_words', params: { kind: 'premium_falls', time: '09:20', amount: 20, unit: 'percent', level: 15 } } as const;
    const failed: NoTradeDay = {
      date: '2025-01-28',
      reason: 'entry_condition',
      message: '(the server’s English)',
      message_i18n: {
        code: 'no_trade.condition_not_met_premium',
        params: { condition: words, from: '09:20', until: '15:15', time: '09:20', reference: 197.45, low: 171.05, high: 203.45, modelled: 'yes' },
      },
    };
    state.backtests = [{ ...noTrade, no_trade_days: [failed] }];
    const { unmount } = renderAt('/app/backtests/7', <BacktestReportScreen />);
    let days = await screen.findByTestId('no-trade-days');
    expect(within(screen.getByTestId('no-trade-counts')).getAllByRole('listitem').map(text)).toEqual(['Entry condition not met: 1 day']);
    expect(text(days)).toContain(
      'Its entry condition (the 09:20 straddle falls 20 % from its 09:20 premium) was not met between 09:20 and 15:15: the straddle was ₹197.45 at 09:20, then between ₹171.05 and ₹203.45, on prices modelled from the day’s bhavcopy (no minute prices imported).',
    );
    unmount();
    renderAt('/app/backtests/7', <BacktestReportScreen />, 'fr');
    days = await screen.findByTestId('no-trade-days');
    expect(within(screen.getByTestId('no-trade-counts')).getAllByRole('listitem').map(text)).toEqual(['Condition d’entrée non remplie : 1 jour']);
    expect(text(days)).toContain('Sa condition d’entrée (le straddle de 09:20 baisse de 20 % depuis sa prime de 09:20) n’a pas été remplie entre 09:20 et 15:15 : le straddle valait');
  });

  it('folds the list when the bot traded on other days, and shows nothing for an older report without it', async () => {
    state.backtests = [{ ...doneBacktest, no_trade_days: week.slice(2, 4) }];
    const { unmount } = renderAt('/app/backtests/7', <BacktestReportScreen />);
    const days = await screen.findByTestId('no-trade-days');
    expect(days.hasAttribute('open')).toBe(false);
    expect(text(days.querySelector('summary')!)).toBe('2 days of the bot’s without a trade, and why');
    unmount();
    state.backtests = [doneBacktest];
    renderAt('/app/backtests/7', <BacktestReportScreen />);
    await screen.findByTestId('summary-figures');
    expect(screen.queryByTestId('no-trade-days')).toBeNull();
  });
});
