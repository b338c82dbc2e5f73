import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { learnTodaySession } from '@/lib/market/session-facts';
import {
  API,
  backend,
  description,
  field,
  findCard,
  renderPortfolioScreen,
  server,
  straddleBot,
  usePortfolioBackend,
} from './portfolio-harness';

usePortfolioBackend();

async function openNewBot(kind: 'Trading bots' | 'Daily bots', button: string) {
  const user = userEvent.setup();
  renderPortfolioScreen();
  await user.click(await screen.findByRole('tab', { name: new RegExp(`^${kind} \\(\\d+\\)$`) }));
  await user.click(await screen.findByRole('button', { name: button }));
  return { user, dialog: screen.getByRole('dialog') };
}

/** The underlying search's answers (GET /api/market/underlyings/): two indices and a stock, whatever is typed. */
const underlyingRow = (symbol: string, kind: 'index' | 'stock') => ({
  symbol,
  name: symbol,
  kind,
  exchange: 'NSE',
  settlement: kind === 'index' ? 'cash' : 'physical',
  tick_paise: 5,
  strike_step: kind === 'index' ? 100 : null,
  lot: { size: 30, expiry: '2026-12-29', effective_from: '2025-12-30', source: 'test' },
  banned: false,
  membership: { current: true, listed_from: null, listed_source: null, excluded_from: null, exclusion_source: null },
});
function answerUnderlyings() {
  server.use(
    http.get(`${API}/api/market/underlyings/`, () =>
      HttpResponse.json({ day: '2026-11-23', underlyings: [underlyingRow('BANKNIFTY', 'index'), underlyingRow('NIFTY', 'index'), underlyingRow('RELIANCE', 'stock')] }),
    ),
  );
}

/** The underlying search's input (its list is labelled alike). */
const combo = () => screen.getByRole<HTMLInputElement>('combobox', { name: /^Underlying/ });

/** Picks an option of the underlying search by its visible name. */
async function pickUnderlying(user: ReturnType<typeof userEvent.setup>, typed: string, option: RegExp) {
  answerUnderlyings();
  await user.click(combo());
  await user.type(combo(), typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillCommon(user: ReturnType<typeof userEvent.setup>, strategy: string, name: string) {
  await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), strategy);
  await user.type(field(/^Bot name/), name);
}

describe('a bot form from a base strategy’s schema', () => {
  it('draws the strategy’s parameters: numbers with bounds, an enum as a select, a boolean as a checkbox', async () => {
    const { user, dialog } = await openNewBot('Trading bots', 'New trading bot');
    expect(within(dialog).getByText('Choose a base strategy to set its parameters.')).toBeTruthy();
    await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), 'Short straddle');
    // A known slug and key read in the app's words (strategy-text.ts); unknown keys keep the server's.
    expect(description(field(/^Base strategy/))).toBe(
      'Sell the at-the-money call and put. Profits when the index stays near the strike; loses on a big move either way.',
    );

    const offset = field(/^Strike offset/);
    expect([offset.type, offset.min, offset.max, offset.step, offset.value]).toEqual(['number', '-10', '10', '1', '0']);
    expect(description(offset)).toBe(
      'Strikes away from at-the-money, in strike steps: positive above the spot, negative below. 0 is at the money.',
    );
    const expiry = field<HTMLSelectElement>(/^Expiry/);
    // An option the app has no words for reads as the server's value made readable.
    expect(within(expiry).getAllByRole('option').map((option) => option.textContent)).toEqual(['Weekly', 'Monthly']);
    expect(expiry.value).toBe('weekly');
    const reenter = screen.getByRole('checkbox', { name: 'Re-enter after a stop-loss' }) as HTMLInputElement;
    expect(reenter.checked).toBe(false);
    // No title: the key made readable; multipleOf is the step.
    const cap = field(/^Premium cap/);
    expect([cap.min, cap.max, cap.step, cap.value]).toEqual(['0', '500', '0.05', '']);

    // Another strategy brings its own fields; coming back keeps what was typed.
    await user.clear(offset);
    await user.type(offset, '2');
    await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), 'Iron condor');
    expect(screen.queryByLabelText(/^Strike offset/)).toBeNull();
    expect(field(/^Wing width/).value).toBe('200');
    await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), 'Short straddle');
    expect(field(/^Strike offset/).value).toBe('2');
  });

  it('refuses values the schema forbids on the client, says why on each field, and sends nothing', async () => {
    const { user, dialog } = await openNewBot('Trading bots', 'New trading bot');
    await fillCommon(user, 'Short straddle', 'Wide straddle');
    await user.clear(field(/^Strike offset/));
    await user.type(field(/^Strike offset/), '12');
    await user.type(field(/^Premium cap/), '10.02');
    await user.clear(field(/^Lots per leg/));
    await user.type(field(/^Lots per leg/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));

    expect(description(field(/^Lots per leg/))).toBe('Lots per leg must be between 1 and 1,000');
    expect(description(field(/^Strike offset/))).toBe('Strike offset (steps) must be between -10 and 10');
    expect(description(field(/^Premium cap/))).toBe('Premium cap must be a multiple of 0.05');
    expect(document.activeElement).toBe(field(/^Lots per leg/));
    expect(backend.changes).toEqual([]);
  });

  it('creates a trading bot with typed params in paper mode and appends it', async () => {
    const { user, dialog } = await openNewBot('Trading bots', 'New trading bot');
    await fillCommon(user, 'Short straddle', 'Expiry straddle');
    await pickUnderlying(user, 'BANK', /^BANKNIFTY/);
    await user.clear(field(/^Strike offset/));
    await user.type(field(/^Strike offset/), '-1');
    await user.selectOptions(field<HTMLSelectElement>(/^Expiry/), 'Monthly');
    await user.click(screen.getByRole('checkbox', { name: 'Re-enter after a stop-loss' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));

    await findCard('Expiry straddle');
    expect(backend.changes).toEqual([
      {
        method: 'POST',
        path: '/api/trading_bots/trading_bots/21/',
        body: {
          name: 'Expiry straddle',
          base_strategy: 11,
          underlying: 'BANKNIFTY',
          lots: 1,
          stop_loss_pct: 25,
          target_pct: 50,
          params: { strike_offset: -1, expiry: 'monthly', reenter: true },
          entry_from: '09:30',
          entry_until: '14:30',
          exit_time: '15:15',
          stock_from_alert: false,
          portfolio_id: 21,
          mode: 'paper',
        },
      },
    ]);
    expect(screen.getByRole('tab', { name: 'Trading bots (2)' })).toBeTruthy();
  });

  it('shows a refusal on the parameter the server names and keeps the form as typed', async () => {
    server.use(
      http.post(`${API}/api/trading_bots/trading_bots/:portfolioId/`, () =>
        HttpResponse.json(
          { message: 'params.strike_offset must be at most 5 for BANKNIFTY', code: 'validation_failed', field: 'params.strike_offset' },
          { status: 422 },
        ),
      ),
    );
    const { user, dialog } = await openNewBot('Trading bots', 'New trading bot');
    await fillCommon(user, 'Short straddle', 'Far straddle');
    await user.clear(field(/^Strike offset/));
    await user.type(field(/^Strike offset/), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));

    const offset = field(/^Strike offset/);
    await waitFor(() => expect(description(offset)).toBe('params.strike_offset must be at most 5 for BANKNIFTY'));
    expect(document.activeElement).toBe(offset);
    expect([offset.value, field(/^Bot name/).value]).toEqual(['8', 'Far straddle']);

    // The error stays with the refused value: editing the field clears it.
    await user.type(offset, '{Backspace}4');
    expect(offset.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the freeze-limit refusal on lots, without repeating the field’s name', async () => {
    server.use(
      http.post(`${API}/api/trading_bots/trading_bots/:portfolioId/`, () =>
        HttpResponse.json(
          { message: 'lots: NIFTY allows at most 27 lots per order', code: 'lots_above_freeze_limit', field: 'lots' },
          { status: 422 },
        ),
      ),
    );
    const { user, dialog } = await openNewBot('Trading bots', 'New trading bot');
    await fillCommon(user, 'Iron condor', 'Big condor');
    await user.clear(field(/^Lots per leg/));
    await user.type(field(/^Lots per leg/), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    await waitFor(() => expect(description(field(/^Lots per leg/))).toBe('NIFTY allows at most 27 lots per order'));
  });
});

describe('a bot’s underlying, found in the chain’s search (issue 63)', () => {
  it('lets a trading bot trade the stock its webhook’s alert names, and sends it with NIFTY’s session', async () => {
    const { user, dialog } = await openNewBot('Trading bots', 'New trading bot');
    await fillCommon(user, 'Short straddle', 'Scanner');
    await pickUnderlying(user, 'REL', /^Stock named in the alert/);
    expect(combo().value).toBe('Stock named in the alert');
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    await findCard('Scanner');
    expect(backend.changes).toMatchObject([{ method: 'POST', body: { name: 'Scanner', underlying: 'NIFTY', stock_from_alert: true } }]);
  });

  it('lets a bot trade a stock by its own rules: the stock picked in the search is its underlying', async () => {
    const { user, dialog } = await openNewBot('Trading bots', 'New trading bot');
    await fillCommon(user, 'Short straddle', 'Stock bot');
    await pickUnderlying(user, 'REL', /^RELIANCE/);
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    await findCard('Stock bot');
    expect(backend.changes).toMatchObject([{ method: 'POST', body: { name: 'Stock bot', underlying: 'RELIANCE', stock_from_alert: false } }]);
  });

  it('asks a stock-alert bot how many stocks it holds at once (1 to 20, 5 by default), and no other bot', async () => {
    const { user, dialog } = await openNewBot('Trading bots', 'New trading bot');
    await fillCommon(user, 'Short straddle', 'Scanner');
    const cap = () => within(dialog).queryByLabelText(/^Stocks held at once/);
    // An index or a stock traded by its own rules: the cap does not apply, so it is not asked.
    expect(cap()).toBeNull();
    await pickUnderlying(user, 'REL', /^RELIANCE/);
    expect(cap()).toBeNull();
    await pickUnderlying(user, 'REL', /^Stock named in the alert/);
    expect([field(/^Stocks held at once/).value, field(/^Stocks held at once/).min, field(/^Stocks held at once/).max]).toEqual(['5', '1', '20']);
    expect(description(field(/^Stocks held at once/))).toBe('1 to 20: one position a stock; an alert’s stocks past this many are left out');
    // Out of range or not whole: refused on the field, nothing sent.
    for (const typed of ['21', '2.5', '0']) {
      await user.clear(field(/^Stocks held at once/));
      await user.type(field(/^Stocks held at once/), typed);
      await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
      expect(description(field(/^Stocks held at once/))).toMatch(/^Stocks held at once must be (between 1 and 20|a whole number)/);
      expect(document.activeElement).toBe(field(/^Stocks held at once/));
    }
    expect(backend.changes).toEqual([]);
    await user.clear(field(/^Stocks held at once/));
    await user.type(field(/^Stocks held at once/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    await findCard('Scanner');
    expect(backend.changes).toMatchObject([{ method: 'POST', body: { underlying: 'NIFTY', stock_from_alert: true, max_stock_positions: 3 } }]);
  });

  it('sends no cap for a bot that holds no stocks from alerts, even after an out-of-range value typed there', async () => {
    const { user, dialog } = await openNewBot('Trading bots', 'New trading bot');
    await fillCommon(user, 'Short straddle', 'Index bot');
    await pickUnderlying(user, 'REL', /^Stock named in the alert/);
    await user.clear(field(/^Stocks held at once/));
    await user.type(field(/^Stocks held at once/), '50');
    await pickUnderlying(user, 'BANK', /^BANKNIFTY/);
    expect(within(dialog).queryByLabelText(/^Stocks held at once/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    await findCard('Index bot');
    const body = backend.changes[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ underlying: 'BANKNIFTY', stock_from_alert: false });
    expect(Object.keys(body)).not.toContain('max_stock_positions');
  });

  it('edits a stock-alert bot’s saved cap', async () => {
    const user = userEvent.setup();
    backend.tradingBots = [{ ...straddleBot, stock_from_alert: true, max_stock_positions: 8 }];
    renderPortfolioScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit Tuesday straddle' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit “Tuesday straddle”' });
    expect(field(/^Stocks held at once/).value).toBe('8');
    await user.clear(field(/^Stocks held at once/));
    await user.type(field(/^Stocks held at once/), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save bot' }));
    await waitFor(() => expect(backend.changes).toMatchObject([{ method: 'PUT', body: { stock_from_alert: true, max_stock_positions: 12 } }]));
  });

  it('offers a daily bot no stock from an alert (it has no webhook)', async () => {
    const { user } = await openNewBot('Daily bots', 'New daily bot');
    answerUnderlyings();
    await user.click(combo());
    await screen.findByRole('option', { name: /^BANKNIFTY/ });
    expect(screen.queryByRole('option', { name: /^Stock named in the alert/ })).toBeNull();
  });
});

describe('a daily bot form', () => {
  it('sends its times and weekdays', async () => {
    const { user, dialog } = await openNewBot('Daily bots', 'New daily bot');
    await fillCommon(user, 'Iron condor', 'Friday condor');
    await user.clear(field(/^Entry time/));
    await user.type(field(/^Entry time/), '09:45');
    await user.clear(field(/^Exit time/));
    await user.type(field(/^Exit time/), '15:00');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday']) {
      await user.click(screen.getByRole('checkbox', { name: day }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));

    const bot = await findCard('Friday condor');
    expect(backend.changes).toEqual([
      {
        method: 'POST',
        path: '/api/daily_bots/daily_bots/21/',
        body: {
          name: 'Friday condor',
          base_strategy: 12,
          underlying: 'NIFTY',
          lots: 1,
          stop_loss_pct: 25,
          target_pct: 50,
          params: { wing_width: 200 },
          entry_time: '09:45',
          exit_time: '15:00',
          weekdays: [5],
          portfolio_id: 21,
          mode: 'paper',
        },
      },
    ]);
    expect(within(bot).getByText('09:45 to 15:00 IST')).toBeTruthy();
    expect(within(bot).getByText('Fri')).toBeTruthy();
  });

  it('takes times as 24-hour text on every device, as a phone keypad types them, and says so', async () => {
    // Today's session as the price stream says it (15:40 since 3 August 2026): the hint names its hours.
    learnTodaySession({ day: '2026-12-01', open: '09:15', close: '15:40', mis_square_off: '15:25' });
    const { user, dialog } = await openNewBot('Daily bots', 'New daily bot');
    await fillCommon(user, 'Iron condor', 'Keypad condor');
    const entry = field(/^Entry time/);
    // Not <input type=time>: that follows the browser's locale and shows "02:00 PM" to some traders.
    expect([entry.type, entry.inputMode]).toEqual(['text', 'numeric']);
    expect(description(entry)).toBe('24-hour clock, between 09:15 and 15:40 IST');
    await user.clear(entry);
    await user.type(entry, '0945');
    await user.tab();
    expect(entry.value).toBe('09:45');
    const exit = field(/^Exit time/);
    await user.clear(exit);
    await user.type(exit, '14h5');
    await user.tab();
    expect(description(exit)).toBe('Exit time must be a 24-hour time such as 09:20 or 14:45');
    await user.type(exit, '0');
    await user.tab();
    expect(exit.value).toBe('14:50');
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));

    await findCard('Keypad condor');
    expect(backend.changes[0]?.body).toMatchObject({ entry_time: '09:45', exit_time: '14:50' });
  });

  it('refuses an exit before the entry and no weekday on the client (the server judges market hours: a demo market never closes)', async () => {
    const { user, dialog } = await openNewBot('Daily bots', 'New daily bot');
    await fillCommon(user, 'Iron condor', 'Backwards');
    await user.clear(field(/^Entry time/));
    await user.type(field(/^Entry time/), '14:00');
    await user.clear(field(/^Exit time/));
    await user.type(field(/^Exit time/), '10:30');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await user.click(screen.getByRole('checkbox', { name: day }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));

    expect(description(field(/^Exit time/))).toBe('Exit time must be after the entry time');
    expect(within(dialog).getByText('Choose at least one weekday')).toBeTruthy();
    expect(backend.changes).toEqual([]);
  });
});
