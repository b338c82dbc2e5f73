// Bots trade through their account's broker: every bot card, the bots section and the bot form say whether
// that is paper or live (issue 22), in words and not by colour alone.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { backend, findCard, mainAccount, renderPortfolioScreen, usePortfolioBackend } from './portfolio-harness';

usePortfolioBackend();

describe('the trading mode of bots', () => {
  it('is Paper on a paper account’s bot cards, with the paper note', async () => {
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    expect(within(bot).getByText('Paper')).toBeTruthy();
    expect(within(bot).queryByText('Live')).toBeNull();
    expect(screen.getByText('Paper trading only')).toBeTruthy();
    expect(screen.queryByText('Live trading: real money')).toBeNull();
  });

  it('is Live on a Kite account’s bot cards, in the bots section and in the bot form', async () => {
    const user = userEvent.setup();
    backend.accounts = [{ ...mainAccount, broker: 'kite', name: 'Zerodha main', account_number: 'ZX9876' }];
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    expect(within(bot).getByText('Live')).toBeTruthy();
    expect(within(bot).queryByText('Paper')).toBeNull();
    expect(screen.getByText('Live trading: real money')).toBeTruthy();
    expect(screen.queryByText('Paper trading only')).toBeNull();

    await user.click(within(bot).getByRole('button', { name: 'Edit Tuesday straddle' }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByText('Live trading: real money')).toBeTruthy();
  });

  it('says Réel in French', async () => {
    backend.accounts = [{ ...mainAccount, broker: 'kite' }];
    renderPortfolioScreen('fr');
    const bot = await findCard('Tuesday straddle');
    expect(within(bot).getByText('Réel')).toBeTruthy();
  });
});
