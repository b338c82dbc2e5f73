import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { tradingBotsAtom } from '@/features/portfolios/atoms/trading-bots-atom';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { store } from '@/lib/store';
import {
  API,
  backend,
  card,
  cardNames,
  field,
  findCard,
  morningBot,
  notifications,
  renderPortfolioScreen,
  server,
  straddleBot,
  usePortfolioBackend,
} from './portfolio-harness';
import { plainText } from '../support/plain-text.ts';

usePortfolioBackend();

const facts = (article: HTMLElement) =>
  within(article)
    .getAllByRole('term')
    .map((term) => plainText(`${term.textContent}: ${term.nextElementSibling?.textContent}`));

describe('bot lists', () => {
  it('show each bot’s strategy, index, size, exits and status in words; daily bots their schedule', async () => {
    const user = userEvent.setup();
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    expect(facts(bot)).toEqual([
      'Strategy: Short straddle',
      'Underlying: NIFTY',
      'Lots: 2 lots',
      'Stop-loss: 25%',
      'Target: 50%',
      'Product: Full margin (NRML)',
      'Entry window: 09:30 to 14:30 IST',
      'Exit by: 15:15 IST',
    ]);
    expect(within(bot).getByText('Active')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Daily bots (1)' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Daily bots (1)' }));
    const daily = await findCard('Morning condor');
    expect(facts(daily)).toEqual([
      'Strategy: Iron condor',
      'Underlying: NIFTY',
      'Lots: 2 lots',
      'Stop-loss: 25%',
      'Target: 50%',
      'Product: Full margin (NRML)',
      'Schedule: 09:20 to 15:10 IST',
      'Days: Mon, Wed, Fri',
    ]);
  });

  // Issue 62: a bot in points showed "Stop-loss 25% · Target 50%" (the unused percent fields), no condition, no product.
  it('show the stop-loss and target in the unit the bot uses, its entry condition and its product', async () => {
    backend.dailyBots = [];
    backend.tradingBots = [
      {
        ...straddleBot,
        params: { ...straddleBot.params, risk_unit: 'points', stop_loss_points: 30, target_points: 60, product: 'MIS', entry_condition: 'premium_falls', premium_move: 20, premium_move_unit: 'percent', condition_strikes_at: '09:20' },
      },
      { ...straddleBot, id: 32, name: 'IV bot', params: { ...straddleBot.params, risk_unit: 'percent', product: 'NRML', entry_condition: 'iv_crosses_above', iv_level: 18 } },
    ];
    renderPortfolioScreen();
    const points = facts(await findCard('Tuesday straddle'));
    expect(points.slice(3, 7)).toEqual(['Stop-loss: 30 points', 'Target: 60 points', 'Entry: When the 09:20 straddle falls 20 %', 'Product: Intraday (MIS)']);
    expect(facts(await findCard('IV bot')).slice(3, 7)).toEqual(['Stop-loss: 25%', 'Target: 50%', 'Entry: When the ATM IV crosses above 18 %', 'Product: Full margin (NRML)']);
  });

  it('lead an empty portfolio to create a bot from a base strategy', async () => {
    const user = userEvent.setup();
    backend.tradingBots = [];
    renderPortfolioScreen();
    await user.click(await screen.findByRole('button', { name: 'Create a bot from a base strategy' }));
    expect(screen.getByRole('dialog', { name: 'New trading bot' })).toBeTruthy();
    expect(screen.getByText('Paper trading only', { selector: '[role=dialog] strong' })).toBeTruthy();
  });
});

describe('pausing and resuming', () => {
  it('pause sends only the status, is busy while pending and replaces the bot with the answer', async () => {
    const user = userEvent.setup();
    server.use(
      http.put(`${API}/api/trading_bots/trading_bot/:id/`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        backend.changes.push({ method: 'PUT', path: new URL(request.url).pathname, body });
        await delay(50);
        return HttpResponse.json({ trading_bot: { ...straddleBot, ...body } });
      }),
    );
    renderPortfolioScreen();
    await findCard('Tuesday straddle');
    const pause = screen.getByRole('button', { name: 'Pause Tuesday straddle' }) as HTMLButtonElement;
    await user.click(pause);

    expect(pause.getAttribute('aria-busy')).toBe('true');
    expect(pause.disabled).toBe(true);
    await screen.findByRole('button', { name: 'Resume Tuesday straddle' });
    expect(within(card('Tuesday straddle')).getByText('Paused')).toBeTruthy();
    expect(backend.changes).toEqual([{ method: 'PUT', path: '/api/trading_bots/trading_bot/31/', body: { status: 'paused' } }]);
    expect(store.get(tradingBotsAtom).bots).toEqual([{ ...straddleBot, status: 'paused' }]);
    expect(notifications()).toEqual([{ kind: 'success', title: 'Bot “{name}” paused', values: { name: 'Tuesday straddle' } }]);
  });

  it('resume sets a paused daily bot active again', async () => {
    const user = userEvent.setup();
    backend.dailyBots = [{ ...morningBot, status: 'paused' }];
    renderPortfolioScreen();
    await user.click(await screen.findByRole('tab', { name: 'Daily bots (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Resume Morning condor' }));
    await screen.findByRole('button', { name: 'Pause Morning condor' });
    expect(within(card('Morning condor')).getByText('Active')).toBeTruthy();
    expect(backend.changes).toEqual([{ method: 'PUT', path: '/api/daily_bots/daily_bot/41/', body: { status: 'active' } }]);
  });

  it('says why when the server refuses, and leaves the bot as it was', async () => {
    const user = userEvent.setup();
    server.use(
      http.put(`${API}/api/trading_bots/trading_bot/:id/`, () =>
        HttpResponse.json({ message: 'A stopped portfolio cannot run bots', code: 'portfolio_stopped' }, { status: 409 }),
      ),
    );
    renderPortfolioScreen();
    await user.click(await screen.findByRole('button', { name: 'Pause Tuesday straddle' }));
    await waitFor(() =>
      expect(notifications()).toEqual([
        { kind: 'error', title: 'Bot “{name}” could not be paused', values: { name: 'Tuesday straddle' } },
      ]),
    );
    expect(store.get(notificationsAtom)[0]?.description).toBe('A stopped portfolio cannot run bots');
    expect(within(card('Tuesday straddle')).getByText('Active')).toBeTruthy();
  });
});

describe('editing and deleting', () => {
  it('edits a bot from its saved values and replaces it by id', async () => {
    const user = userEvent.setup();
    backend.tradingBots = [straddleBot, { ...straddleBot, id: 32, name: 'Second straddle' }];
    renderPortfolioScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit Tuesday straddle' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit “Tuesday straddle”' });
    expect(field<HTMLSelectElement>(/^Base strategy/).value).toBe('11');
    expect(field(/^Lots per leg/).value).toBe('2');
    await user.clear(field(/^Bot name/));
    await user.type(field(/^Bot name/), 'Wednesday straddle');
    await user.click(within(dialog).getByRole('button', { name: 'Save bot' }));

    await findCard('Wednesday straddle');
    expect(cardNames().slice(-2)).toEqual(['Wednesday straddle', 'Second straddle']);
    expect(backend.changes).toEqual([
      {
        method: 'PUT',
        path: '/api/trading_bots/trading_bot/31/',
        body: {
          name: 'Wednesday straddle',
          base_strategy: 11,
          underlying: 'NIFTY',
          lots: 2,
          stop_loss_pct: 25,
          target_pct: 50,
          params: { strike_offset: 0, expiry: 'weekly', reenter: false },
          entry_from: '09:30',
          entry_until: '14:30',
          exit_time: '15:15',
          stock_from_alert: false,
        },
      },
    ]);
  });

  it('deletes a bot only after a confirmation naming it, and removes it from the list', async () => {
    const user = userEvent.setup();
    renderPortfolioScreen();
    await user.click(await screen.findByRole('button', { name: 'Delete Tuesday straddle' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete the bot “Tuesday straddle”?' });
    expect(backend.changes).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete bot' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tuesday straddle' })).toBeNull());
    expect(backend.changes).toEqual([{ method: 'DELETE', path: '/api/trading_bots/trading_bot/31/', body: undefined }]);
    expect(screen.getByRole('tab', { name: 'Trading bots (0)' })).toBeTruthy();
    expect(notifications()).toEqual([{ kind: 'success', title: 'Bot “{name}” deleted', values: { name: 'Tuesday straddle' } }]);
  });
});
