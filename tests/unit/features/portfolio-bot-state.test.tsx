// unit: own module graph. Counts every state read from boot on, which reads cached by earlier files would change.
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BotActionRecord } from '@/features/portfolios/api/bot-engine-types';
import { BOT_STATE_POLL_MS } from '@/features/portfolios/hooks/use-bot-states';
import { streamNoticesAtom, type StreamNotices } from '@/lib/network/stream-notices-atom';
import { store } from '@/lib/store';
import {
  API,
  backend,
  card,
  field,
  findCard,
  morningBot,
  renderPortfolioScreen,
  server,
  straddleBot,
} from './portfolio-harness';
import { plainText } from '../support/plain-text.ts';
import { usePortfolioBackend } from './portfolio-harness';
import { botState } from './bot-state-fixtures';

usePortfolioBackend();

// 09:20 and 15:10 IST.
const AT_0920 = '2026-11-24T03:50:00Z';
const AT_1510 = '2026-11-24T09:40:00Z';

const entered: BotActionRecord = { action: 'enter', sequence: 1, leg: null, status: 'completed', claimed_at: AT_0920, completed_at: AT_0920, message: null, order_ids: ['A1'] };

/** The card's "today" block as a reader sees it, label: value. */
const today = (article: HTMLElement) => {
  const block = article.querySelector('[data-bot-state]');
  if (!(block instanceof HTMLElement)) return null;
  const terms = within(block).getAllByRole('term').map((term) => plainText(`${term.textContent}: ${term.nextElementSibling?.textContent}`));
  return { state: block.dataset.botState, text: plainText(block.textContent ?? ''), terms };
};

/**
 * Waits for the reads to reach `expected`. Testing Library's waitFor re-checks on a setInterval, which these
 * tests fake; this one waits on real time-outs.
 */
async function readsReach(expected: number[]) {
  for (let tries = 0; tries < 40 && backend.stateReads.length < expected.length; tries += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 25)));
  }
  expect(backend.stateReads).toEqual(expected);
}

afterEach(() => {
  store.set(streamNoticesAtom, { open: false, alerts: 0, killSwitch: 0, accounts: 0, bots: 0 });
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

describe('a bot card’s day', () => {
  it('says in words that a bot is approve-first, and that a trend bot after its exit waits for its next entry', async () => {
    backend.tradingBots = [straddleBot, { ...straddleBot, id: 32, name: 'Plain straddle' }];
    backend.botStates = [
      botState(straddleBot, 'trading', { state: 'waiting', approve_first: true, entries_today: 1, last_action: { ...entered, action: 'signal_exit' } }),
      botState({ id: 32 }, 'trading', { state: 'waiting' }),
    ];
    renderPortfolioScreen();
    const approving = await findCard('Tuesday straddle');
    await waitFor(() => expect(within(approving).getByText('Approve-first')).toBeTruthy());
    expect(today(approving)?.text).toContain('Waiting for its next entry');
    const plain = card('Plain straddle');
    expect(within(plain).queryByText('Approve-first')).toBeNull();
    expect(today(plain)?.text).toContain('Waiting');
    expect(today(plain)?.text).not.toContain('next entry');
  });

  it('shows the state in words, the net P&L with its sign, the last action and when, and the next one', async () => {
    backend.botStates = [
      botState(straddleBot, 'trading', { state: 'in_position', pnl_today: 1250.5, entries_today: 1, open_positions: 2, last_action: entered, next_action_at: AT_1510 }),
    ];
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    await waitFor(() => expect(today(bot)?.state).toBe('in_position'));
    expect(within(bot).getByText('In position')).toBeTruthy();
    expect(today(bot)?.terms).toEqual(['Net P&L today: profit+₹1,250.50', 'Last action: Entered 09:20', 'Next: Exits at 15:10']);
    expect(bot.querySelector('[data-field="bot-pnl"]')?.className).toContain('text-profit');
  });

  it('shows "—" for a P&L the server does not have, never a computed zero; a loss with its minus sign', async () => {
    backend.tradingBots = [straddleBot, { ...straddleBot, id: 32, name: 'Losing straddle' }];
    backend.botStates = [
      botState(straddleBot, 'trading', { state: 'waiting', next_action_at: AT_0920 }),
      botState({ id: 32 }, 'trading', { state: 'exited', reason: 'Stop-loss hit on combined premium', pnl_today: -980.5, last_action: { ...entered, action: 'stop_loss' } }),
    ];
    renderPortfolioScreen();
    const waiting = await findCard('Tuesday straddle');
    await waitFor(() => expect(today(waiting)?.state).toBe('waiting'));
    expect(today(waiting)?.terms).toEqual(['Net P&L today: —No trade yet', 'Last action: None yet', 'Next: Enters at 09:20']);
    expect(today(waiting)?.text).not.toMatch(/₹/);

    const losing = card('Losing straddle');
    expect(today(losing)?.text).toContain('Done for today');
    expect(today(losing)?.text).toContain('Stop-loss hit on combined premium');
    expect(today(losing)?.terms).toEqual(['Net P&L today: loss-₹980.50', 'Last action: Stop-loss hit 09:20']);
    expect(losing.querySelector('[data-field="bot-pnl"]')?.className).toContain('text-loss');
  });

  it('a trading bot waiting for its signal says what for and in which window, not just "Waiting"', async () => {
    backend.botStates = [botState(straddleBot, 'trading', { state: 'waiting', next_action_at: null })];
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    await waitFor(() => expect(today(bot)?.state).toBe('waiting'));
    expect(today(bot)?.terms).toContain(
      `Next: Enters on the next ${straddleBot.underlying} signal between ${straddleBot.entry_from} and ${straddleBot.entry_until} IST (checked every minute)`,
    );
  });

  it('a bot trading the stock its alert names waits for an alert naming an F&O stock, not for an index signal', async () => {
    backend.tradingBots = [{ ...straddleBot, stock_from_alert: true }];
    backend.botStates = [botState(straddleBot, 'trading', { state: 'waiting', next_action_at: null })];
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    await waitFor(() => expect(today(bot)?.state).toBe('waiting'));
    expect(today(bot)?.terms).toContain(`Next: Enters on the next alert naming an F&O stock between ${straddleBot.entry_from} and ${straddleBot.entry_until} IST`);
    expect(bot.textContent).toContain('Stock named in the alert');
  });

  it('names the leg a per-leg stop closed while the bot stays in position with the rest', async () => {
    const legStop: BotActionRecord = { ...entered, action: 'leg_stop_loss', leg: 'NIFTY26D0125800CE', claimed_at: '2026-11-24T04:45:00Z', completed_at: '2026-11-24T04:45:00Z' };
    backend.botStates = [botState(straddleBot, 'trading', { state: 'in_position', pnl_today: -420, entries_today: 1, open_positions: 1, last_action: legStop, next_action_at: AT_1510 })];
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    await waitFor(() => expect(today(bot)?.state).toBe('in_position'));
    expect(today(bot)?.terms).toEqual(['Net P&L today: loss-₹420.00', 'Last action: Leg stop-loss hit 10:15 · NIFTY26D0125800CE', 'Next: Exits at 15:10']);
  });

  it('says a stopped bot’s reason, and a failed action the broker’s reason', async () => {
    backend.botStates = [
      botState(straddleBot, 'trading', {
        state: 'stopped',
        reason: 'Kill switch armed for PA1234',
        last_action: { ...entered, status: 'failed', completed_at: null, message: 'Insufficient margin: ₹12,000 short' },
      }),
    ];
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    await waitFor(() => expect(today(bot)?.state).toBe('stopped'));
    expect(today(bot)?.text).toContain('Kill switch armed for PA1234');
    expect(today(bot)?.terms).toEqual(['Net P&L today: —No trade yet', 'Last action: Entry failed at 09:20Insufficient margin: ₹12,000 short']);
  });

  it('says nothing about today until the server has: no state is made up', async () => {
    server.use(http.get(`${API}/api/bots/state/:portfolioId/`, () => HttpResponse.json({ message: 'down', code: 'x' }, { status: 500 })));
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    expect(within(bot).getByText('Not known yet')).toBeTruthy();
    expect(today(bot)).toBeNull();
  });
});

describe('polling the bots’ states', () => {
  it('reads once per portfolio for all its bots, every 5 s while visible, and not at all while hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    backend.botStates = [botState(straddleBot, 'trading'), botState(morningBot, 'daily')];
    renderPortfolioScreen();
    await findCard('Tuesday straddle');
    await readsReach([21]);

    await act(async () => vi.advanceTimersByTime(BOT_STATE_POLL_MS));
    await readsReach([21, 21]);

    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    await act(async () => vi.advanceTimersByTime(BOT_STATE_POLL_MS * 3));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(backend.stateReads).toEqual([21, 21]);

    // Back in view: read at once, then every 5 s again.
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    await readsReach([21, 21, 21]);
    await act(async () => vi.advanceTimersByTime(BOT_STATE_POLL_MS));
    await readsReach([21, 21, 21, 21]);

    // Offline: no read is tried until the connection is back, then one at once.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => vi.advanceTimersByTime(BOT_STATE_POLL_MS * 2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(backend.stateReads).toHaveLength(4);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await readsReach([21, 21, 21, 21, 21]);
    onLine.mockRestore();
  });

  it('keeps the last answer with its age when a poll fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    backend.botStates = [botState(straddleBot, 'trading', { state: 'in_position', pnl_today: 300 })];
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    await waitFor(() => expect(today(bot)?.state).toBe('in_position'));

    server.use(http.get(`${API}/api/bots/state/:portfolioId/`, () => HttpResponse.error()));
    await act(async () => vi.advanceTimersByTime(BOT_STATE_POLL_MS));
    expect(await screen.findByText(/^Last known, as of/)).toBeTruthy();
    expect(today(card('Tuesday straddle'))?.terms[0]).toBe('Net P&L today: profit+₹300.00');
  });

  it('lets the trader open a bot’s history from its card', async () => {
    const user = userEvent.setup();
    renderPortfolioScreen();
    await findCard('Tuesday straddle');
    expect(screen.getByRole('button', { name: 'History of Tuesday straddle' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'History of Tuesday straddle' }));
    expect(await screen.findByRole('dialog', { name: 'History of “Tuesday straddle”' })).toBeTruthy();
  });

  it('with a stream open, reads when told (a bot notice, a stream opened) and not every 5 s, unless a bot holds a position', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const tell = (change: (old: StreamNotices) => Partial<StreamNotices>) =>
      act(() => store.set(streamNoticesAtom, (old) => ({ ...old, ...change(old) })));
    store.set(streamNoticesAtom, { open: true, alerts: 0, killSwitch: 0, accounts: 0, bots: 0 });
    backend.botStates = [botState(straddleBot, 'trading', { state: 'waiting' }), botState(morningBot, 'daily', { state: 'paused' })];
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    await readsReach([21]);
    await waitFor(() => expect(today(bot)?.state).toBe('waiting'));

    // Nothing told: no read, however long the screen stays open.
    await act(async () => vi.advanceTimersByTime(BOT_STATE_POLL_MS * 4));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(backend.stateReads).toEqual([21]);

    // The engine entered (told on the stream): one read, and the card says so.
    backend.botStates = [botState(straddleBot, 'trading', { state: 'in_position', open_positions: 2, pnl_today: 120 }), botState(morningBot, 'daily', { state: 'paused' })];
    await tell((old) => ({ bots: old.bots + 1 }));
    await readsReach([21, 21]);
    await waitFor(() => expect(today(card('Tuesday straddle'))?.state).toBe('in_position'));

    // In position, its P&L moves with every price, which no notice tells: read every 5 s again.
    await act(async () => vi.advanceTimersByTime(BOT_STATE_POLL_MS));
    await readsReach([21, 21, 21]);

    // Flat again (told), the timer stops; a stream opened again (a reconnect) reads once.
    backend.botStates = [botState(straddleBot, 'trading', { state: 'exited' }), botState(morningBot, 'daily', { state: 'paused' })];
    await tell((old) => ({ bots: old.bots + 1 }));
    await readsReach([21, 21, 21, 21]);
    await waitFor(() => expect(today(card('Tuesday straddle'))?.state).toBe('exited'));
    await act(async () => vi.advanceTimersByTime(BOT_STATE_POLL_MS * 3));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(backend.stateReads).toHaveLength(4);
    await tell(() => ({ open: false }));
    await tell((old) => ({ open: true, bots: old.bots + 1 }));
    await readsReach([21, 21, 21, 21, 21]);

    // The stream lost: polled again.
    await tell(() => ({ open: false }));
    await act(async () => vi.advanceTimersByTime(BOT_STATE_POLL_MS));
    await readsReach([21, 21, 21, 21, 21, 21]);
  });
});

describe('a bot just saved', () => {
  /**
   * Every bot the backend holds is waiting (or paused) today, a new one included, as the server would say once
   * it exists. Each read takes 300 ms: a card shown before its read landed would be caught showing it.
   */
  const everyBotWaits = (readMs = 300) =>
    server.use(
      http.get(`${API}/api/bots/state/:portfolioId/`, async ({ params }) => {
        backend.stateReads.push(Number(params.portfolioId));
        await delay(readMs);
        const bots = [
          ...backend.tradingBots.map((bot) => botState(bot, 'trading', { state: bot.status === 'paused' ? 'paused' : 'waiting' })),
          ...backend.dailyBots.map((bot) => botState(bot, 'daily', { state: bot.status === 'paused' ? 'paused' : 'waiting' })),
        ];
        return HttpResponse.json({ bots, as_of: '2026-11-24T04:00:00Z' });
      }),
    );

  /** Records whether `condition` ever held from now on, checked at every change of the page however brief. */
  const ever = (condition: () => boolean) => {
    const seen = { held: false };
    const observer = new MutationObserver(() => {
      if (condition()) seen.held = true;
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    return () => {
      observer.disconnect();
      return seen.held;
    };
  };

  /** Opens the new trading bot form and fills a short straddle named `name`; answers the form's dialog, not yet sent. */
  const typeNewStraddle = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    await user.click(screen.getByRole('button', { name: 'New trading bot' }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), 'Short straddle');
    await user.type(field(/^Bot name/), name);
    return dialog;
  };

  it('shows a created bot’s card with its state from the start, never "Not known yet"', async () => {
    const user = userEvent.setup();
    // No poll may stand in for the read after the answer.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    everyBotWaits();
    renderPortfolioScreen();
    await findCard('Tuesday straddle');
    await readsReach([21]);
    const dialog = await typeNewStraddle(user, 'Fresh straddle');
    const unknownShown = ever(() => document.body.textContent?.includes('Not known yet') ?? false);
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    // Its card comes with today's state: read at once after the server's answer, before the card shows.
    await waitFor(() => expect(today(card('Fresh straddle'))?.state).toBe('waiting'));
    expect(unknownShown()).toBe(false);
    expect(backend.stateReads).toEqual([21, 21]);
  });

  it('shows a created bot’s state from the start when the stream tells of the save while its read is on the way', async () => {
    const user = userEvent.setup();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    store.set(streamNoticesAtom, { open: true, alerts: 0, killSwitch: 0, accounts: 0, bots: 0 });
    everyBotWaits();
    renderPortfolioScreen();
    await findCard('Tuesday straddle');
    await readsReach([21]);
    const dialog = await typeNewStraddle(user, 'Told straddle');
    const unknownShown = ever(() => document.body.textContent?.includes('Not known yet') ?? false);
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    // The save's own read has started; the stream's notice of the save starts another before it answers (as on a
    // busy server). The first answer still lands: the card never waits for the second with "Not known yet".
    await readsReach([21, 21]);
    await act(() => store.set(streamNoticesAtom, (old) => ({ ...old, bots: old.bots + 1 })));
    await readsReach([21, 21, 21]);
    await waitFor(() => expect(today(card('Told straddle'))?.state).toBe('waiting'));
    expect(unknownShown()).toBe(false);
  });

  it('on a server slower than the card waits, shows the new card reading its state, never "Not known yet"', async () => {
    const user = userEvent.setup();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    everyBotWaits();
    renderPortfolioScreen();
    const first = await findCard('Tuesday straddle');
    await waitFor(() => expect(today(first)?.state).toBe('waiting'));
    // From now on each read takes 1.5 s: the save lands its card after STATE_READ_WAIT_MS (1 s), before the read answers.
    everyBotWaits(1500);
    const dialog = await typeNewStraddle(user, 'Slow straddle');
    const unknownShown = ever(() => document.body.textContent?.includes('Not known yet') ?? false);
    const readingShown = ever(() =>
      [...document.querySelectorAll('article')].some((article) => article.textContent?.includes('Slow straddle') && article.textContent.includes('Reading today’s state…')),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    await waitFor(() => expect(today(card('Slow straddle'))?.state).toBe('waiting'), { timeout: 3000 });
    expect(readingShown()).toBe(true);
    expect(unknownShown()).toBe(false);
  });

  it('shows a paused bot’s new status and its day together, without waiting for the next poll', async () => {
    const user = userEvent.setup();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    everyBotWaits();
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    await waitFor(() => expect(today(bot)?.state).toBe('waiting'));
    // Never "Paused" (the Resume button) beside a day that still says waiting.
    const mismatch = ever(() => {
      const shown = screen.queryByRole('article', { name: 'Tuesday straddle' });
      return shown !== null && within(shown).queryByRole('button', { name: 'Resume Tuesday straddle' }) !== null && today(shown)?.state === 'waiting';
    });
    await user.click(screen.getByRole('button', { name: 'Pause Tuesday straddle' }));
    await screen.findByRole('button', { name: 'Resume Tuesday straddle' });
    // No interval had to pass: the day says paused with the button, read at once after the answer.
    expect(today(card('Tuesday straddle'))?.state).toBe('paused');
    expect(mismatch()).toBe(false);
    expect(backend.stateReads).toEqual([21, 21]);
  });
});

describe('a bot card’s strategy while the catalogue is read', () => {
  it('says it is loading until the catalogue comes, then names it; "Unknown strategy" only for one the catalogue lacks', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    backend.tradingBots = [straddleBot, { ...straddleBot, id: 33, name: 'Retired strategy bot', base_strategy: 9999 }];
    server.use(
      http.get(`${API}/api/base_strategies/base_strategies/`, async () => {
        await held;
        return HttpResponse.json({ base_strategies: backend.strategies });
      }),
    );
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    const retired = await findCard('Retired strategy bot');
    expect(within(bot).getByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('Unknown strategy')).toBeNull();
    release();
    expect(await within(bot).findByText('Short straddle')).toBeTruthy();
    expect(within(retired).getByText('Unknown strategy')).toBeTruthy();
    expect(within(bot).queryByText('Loading…')).toBeNull();
  });
});
