import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, backend, card, findCard, morningBot, notifications, renderPortfolioScreen, server, straddleBot } from './portfolio-harness';
import { usePortfolioBackend } from './portfolio-harness';
import { botState } from './bot-state-fixtures';

usePortfolioBackend();

const inPosition = () => botState(straddleBot, 'trading', { state: 'in_position', entries_today: 1, open_positions: 2, pnl_today: 420 });

async function waitForState(name: string, state: string) {
  await waitFor(() => expect(card(name).querySelector(`[data-bot-state="${state}"]`)).not.toBeNull());
}

describe('pausing a bot that holds a position', () => {
  it('asks keep managing or exit now, the safe choice focused, and sends the one chosen', async () => {
    const user = userEvent.setup();
    backend.botStates = [inPosition()];
    renderPortfolioScreen();
    await findCard('Tuesday straddle');
    await waitForState('Tuesday straddle', 'in_position');
    await user.click(screen.getByRole('button', { name: 'Pause Tuesday straddle' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'The bot holds a position' });
    const keep = within(dialog).getByRole('button', { name: 'Keep managing the open position until exit' });
    const exit = within(dialog).getByRole('button', { name: 'Exit now' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    expect(keep.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText(/stop-loss, target and exit time still close the position/)).toBeTruthy();
    expect(within(dialog).getByText(/squares off its open position at the market right away/)).toBeTruthy();
    expect(backend.changes).toEqual([]);

    await user.click(exit);
    await screen.findByRole('button', { name: 'Resume Tuesday straddle' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(backend.changes).toEqual([
      { method: 'PUT', path: '/api/trading_bots/trading_bot/31/', body: { status: 'paused', pause_action: 'exit_now' } },
    ]);
    expect(notifications()).toEqual([{ kind: 'success', title: 'Bot “{name}” paused', values: { name: 'Tuesday straddle' } }]);
  });

  it('Escape cancels: nothing is sent and the bot keeps running', async () => {
    const user = userEvent.setup();
    backend.botStates = [inPosition()];
    renderPortfolioScreen();
    await findCard('Tuesday straddle');
    await waitForState('Tuesday straddle', 'in_position');
    await user.click(screen.getByRole('button', { name: 'Pause Tuesday straddle' }));
    await screen.findByRole('alertdialog', { name: 'The bot holds a position' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(backend.changes).toEqual([]);
    expect(screen.getByRole('button', { name: 'Pause Tuesday straddle' })).toBeTruthy();
  });

  it('asks when the server says a position opened since the last poll (422 pause_choice_required), then sends the choice', async () => {
    const user = userEvent.setup();
    backend.botStates = [botState(straddleBot, 'trading', { state: 'waiting' })];
    const bodies: unknown[] = [];
    server.use(
      http.put(`${API}/api/trading_bots/trading_bot/:id/`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.pause_action === undefined) {
          return HttpResponse.json({ message: 'The bot holds a position: choose what happens to it', code: 'pause_choice_required' }, { status: 422 });
        }
        return HttpResponse.json({ trading_bot: { ...straddleBot, status: 'paused' } });
      }),
    );
    renderPortfolioScreen();
    await findCard('Tuesday straddle');
    await waitForState('Tuesday straddle', 'waiting');
    await user.click(screen.getByRole('button', { name: 'Pause Tuesday straddle' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'The bot holds a position' });
    expect(notifications()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Keep managing the open position until exit' }));
    await screen.findByRole('button', { name: 'Resume Tuesday straddle' });
    expect(bodies).toEqual([{ status: 'paused' }, { status: 'paused', pause_action: 'keep_managing' }]);
  });

  it('pauses a bot without a position at once, with no question', async () => {
    const user = userEvent.setup();
    backend.botStates = [botState(straddleBot, 'trading', { state: 'exited', pnl_today: 100 })];
    renderPortfolioScreen();
    await findCard('Tuesday straddle');
    await waitForState('Tuesday straddle', 'exited');
    await user.click(screen.getByRole('button', { name: 'Pause Tuesday straddle' }));
    await screen.findByRole('button', { name: 'Resume Tuesday straddle' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(backend.changes).toEqual([{ method: 'PUT', path: '/api/trading_bots/trading_bot/31/', body: { status: 'paused' } }]);
  });
});

describe('resuming a stopped bot', () => {
  it('says what resuming re-enables and why it stopped before sending anything', async () => {
    const user = userEvent.setup();
    backend.dailyBots = [{ ...morningBot, status: 'stopped' }];
    backend.botStates = [botState(morningBot, 'daily', { state: 'stopped', reason: 'Kill switch armed for PA1234' })];
    renderPortfolioScreen();
    await user.click(await screen.findByRole('tab', { name: 'Daily bots (1)' }));
    await findCard('Morning condor');
    await waitForState('Morning condor', 'stopped');
    await user.click(screen.getByRole('button', { name: 'Resume Morning condor' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Resume “Morning condor”?' });
    expect(dialog.textContent).toMatch(/can enter new positions again at its next entry time/);
    expect(dialog.textContent).toMatch(/It was stopped because: Kill switch armed for PA1234/);
    expect(backend.changes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Resume bot' }));
    await screen.findByRole('button', { name: 'Pause Morning condor' });
    expect(backend.changes).toEqual([{ method: 'PUT', path: '/api/daily_bots/daily_bot/41/', body: { status: 'active' } }]);
  });
});
