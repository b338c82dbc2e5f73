import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { backend, description, field, findCard, renderPortfolioScreen, straddleBot, usePortfolioBackend } from './portfolio-harness';

usePortfolioBackend();

async function openNewTradingBot() {
  const user = userEvent.setup();
  renderPortfolioScreen();
  await user.click(await screen.findByRole('button', { name: 'New trading bot' }));
  const dialog = screen.getByRole('dialog', { name: 'New trading bot' });
  await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), 'Short straddle');
  await user.type(field(/^Bot name/), 'Window straddle');
  return { user, dialog };
}

async function setTime(user: ReturnType<typeof userEvent.setup>, label: RegExp, time: string) {
  await user.clear(field(label));
  await user.type(field(label), time);
  await user.tab();
}

describe('a trading bot’s entry window and exit time', () => {
  it('start at the server’s defaults, take 24-hour text, and are sent with no daily field', async () => {
    const { user, dialog } = await openNewTradingBot();
    expect(within(dialog).getByRole('group', { name: 'Trading day (IST)' })).toBeTruthy();
    expect([field(/^Entries from/).value, field(/^Entries until/).value, field(/^Exit time/).value]).toEqual(['09:30', '14:30', '15:15']);
    // No session said yet (no price stream in this screen): the hint names no hours rather than guessed ones.
    expect(description(field(/^Entries from/))).toBe('24-hour clock, IST');
    await setTime(user, /^Entries from/, '0920');
    expect(field(/^Entries from/).value).toBe('09:20');
    await setTime(user, /^Entries until/, '13:00');
    // The window may end at the exit time itself.
    await setTime(user, /^Exit time/, '13:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));

    await findCard('Window straddle');
    const body = backend.changes[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ entry_from: '09:20', entry_until: '13:00', exit_time: '13:00' });
    expect(Object.keys(body)).not.toContain('entry_time');
    expect(Object.keys(body)).not.toContain('weekdays');
  });

  it('refuses a window that ends before it starts and an exit inside the window (market hours are judged by the server)', async () => {
    const { user, dialog } = await openNewTradingBot();
    await setTime(user, /^Entries from/, '11:00');
    await setTime(user, /^Entries until/, '11:00');
    await setTime(user, /^Exit time/, '10:45');
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));

    expect(description(field(/^Entries until/))).toBe('Entries until must be after the start of the entry window');
    expect(description(field(/^Exit time/))).toBe('Exit time must not be before the end of the entry window');
    expect(document.activeElement).toBe(field(/^Entries until/));
    expect(backend.changes).toEqual([]);
  });

  it('edits a trading bot’s saved window and sends it back', async () => {
    const user = userEvent.setup();
    backend.tradingBots = [{ ...straddleBot, entry_from: '10:00', entry_until: '12:00', exit_time: '14:00' }];
    renderPortfolioScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit Tuesday straddle' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit “Tuesday straddle”' });
    expect([field(/^Entries from/).value, field(/^Entries until/).value, field(/^Exit time/).value]).toEqual(['10:00', '12:00', '14:00']);
    await setTime(user, /^Entries until/, '12:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save bot' }));
    await screen.findByText('12:30', { exact: false, selector: 'dd' });
    const body = backend.changes[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ entry_from: '10:00', entry_until: '12:30', exit_time: '14:00' });
    expect(Object.keys(body)).not.toContain('weekdays');
  });

  it('daily bots keep their schedule and never send an entry window', async () => {
    const user = userEvent.setup();
    renderPortfolioScreen();
    await user.click(await screen.findByRole('tab', { name: 'Daily bots (1)' }));
    await user.click(await screen.findByRole('button', { name: 'New daily bot' }));
    const dialog = screen.getByRole('dialog', { name: 'New daily bot' });
    expect(within(dialog).queryByLabelText(/^Entries from/)).toBeNull();
    await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), 'Iron condor');
    await user.type(field(/^Bot name/), 'Plain condor');
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    await findCard('Plain condor');
    const body = backend.changes[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ entry_time: '09:20', exit_time: '15:15' });
    expect(Object.keys(body)).not.toContain('entry_from');
    expect(Object.keys(body)).not.toContain('entry_until');
  });
});
