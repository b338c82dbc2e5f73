import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BotActionRecord } from '@/features/portfolios/api/bot-engine-types';
import { API, backend, findCard, renderPortfolioScreen, server, straddleBot } from './portfolio-harness';
import { usePortfolioBackend } from './portfolio-harness';
import { plainText } from '../support/plain-text.ts';

usePortfolioBackend();

const action = (over: Partial<BotActionRecord>): BotActionRecord => ({
  action: 'enter',
  sequence: 1,
  leg: null,
  status: 'completed',
  claimed_at: '2026-11-24T04:00:00Z',
  completed_at: '2026-11-24T04:00:00Z',
  message: null,
  order_ids: ['A1'],
  ...over,
});

async function openHistory() {
  const user = userEvent.setup();
  renderPortfolioScreen();
  await findCard('Tuesday straddle');
  await user.click(screen.getByRole('button', { name: 'History of Tuesday straddle' }));
  return screen.findByRole('dialog', { name: 'History of “Tuesday straddle”' });
}

describe('a bot’s history', () => {
  it('lists its runs newest first: day, state, entries, net P&L and each action with time, status and message', async () => {
    backend.botRuns[`trading/${straddleBot.id}`] = [
      {
        trading_day: '2026-11-24',
        state: 'exited',
        reason: 'Target reached',
        entries: 1,
        pnl: 1520.25,
        actions: [action({}), action({ action: 'target', claimed_at: '2026-11-24T08:15:00Z', completed_at: '2026-11-24T08:15:00Z' })],
      },
      {
        trading_day: '2026-11-23',
        state: 'stopped',
        reason: 'Entry refused by the broker',
        entries: 0,
        pnl: null,
        actions: [action({ status: 'failed', completed_at: null, message: 'Insufficient margin: ₹12,000 short' })],
      },
    ];
    const dialog = await openHistory();
    const runs = await within(dialog).findAllByRole('article');
    expect(runs.map((run) => plainText(within(run).getByRole('heading').textContent ?? ''))).toEqual(['24 Nov 2026', '23 Nov 2026']);

    const [first, second] = runs as [HTMLElement, HTMLElement];
    expect(plainText(first.textContent ?? '')).toContain('Exited today');
    expect(plainText(first.textContent ?? '')).toContain('Target reached');
    expect(plainText(first.textContent ?? '')).toContain('+₹1,520.25');
    const firstActions = within(within(first).getByRole('list', { name: 'Actions' })).getAllByRole('listitem');
    expect(firstActions.map((item) => plainText(item.textContent ?? ''))).toEqual(['Entered 09:30Done', 'Target hit 13:45Done']);

    expect(plainText(second.textContent ?? '')).toContain('—');
    expect(plainText(second.textContent ?? '')).not.toContain('₹0');
    const failed = within(within(second).getByRole('list', { name: 'Actions' })).getByRole('listitem');
    expect(plainText(failed.textContent ?? '')).toBe('Entry failed at 09:30FailedInsufficient margin: ₹12,000 short');
  });

  it('says when there are no runs yet', async () => {
    const dialog = await openHistory();
    expect(await within(dialog).findByText(/No runs yet/)).toBeTruthy();
  });

  it('says when the history could not be read, with a retry', async () => {
    server.use(http.get(`${API}/api/bots/runs/:kind/:id/`, () => HttpResponse.json({ message: 'Bad', code: 'bad' }, { status: 400 })));
    const dialog = await openHistory();
    expect(await within(dialog).findByText('The bot’s history could not be loaded.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
