// A bot form drawn from the server's real strategy catalogue: every label a trader reads comes in their
// language, and a parameter that only matters with another's value (x-enabled-when) is disabled, says
// why, never blocks saving and keeps a valid value.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { frMessages } from '@/i18n/locales/fr/index';
import { baseStrategyCatalogue } from '../../../server/services/strategies/catalogue.ts';
import { backend, description, field, findCard, renderPortfolioScreen, usePortfolioBackend, type BaseStrategy } from './portfolio-harness';

usePortfolioBackend();

const served: BaseStrategy[] = baseStrategyCatalogue.map((entry, index) => ({
  id: 101 + index,
  slug: entry.slug,
  name: entry.name,
  description: entry.description,
  parameters: entry.parameters,
}));

async function openNewTradingBot(locale: 'en' | 'fr' = 'en') {
  backend.strategies = served;
  const user = userEvent.setup();
  renderPortfolioScreen(locale);
  await user.click((await screen.findAllByRole('tab'))[0]!);
  await user.click(await screen.findByRole('button', { name: locale === 'fr' ? 'Nouveau bot de trading' : 'New trading bot' }));
  return { user, dialog: screen.getByRole('dialog') };
}

const optionTexts = (select: HTMLSelectElement) => within(select).getAllByRole('option').map((option) => option.textContent);

describe('a bot form in French', () => {
  it('names the strategies, describes them, and titles, explains and lists every parameter in French', async () => {
    const { user, dialog } = await openNewTradingBot('fr');
    const strategy = field<HTMLSelectElement>(/^Stratégie de base/);
    expect(optionTexts(strategy)).toContain('Straddle vendeur');
    expect(optionTexts(strategy)).toContain('Acheteur d’options suiveur de tendance');
    await user.selectOptions(strategy, 'Straddle vendeur');
    expect(description(strategy)).toBe(frMessages['portfolios.strategy.short_straddle.description']);

    const reEntry = field<HTMLSelectElement>(/^Nouvelle entrée après un stop-loss/);
    expect(optionTexts(reEntry)).toEqual(['Rester dehors', 'Même strike', 'Nouveau strike à la monnaie']);
    expect(description(reEntry)).toBe(frMessages['portfolios.param.re_entry.hint']);
    expect(field(/^Décalage de strike/).value).toBe('0');
    expect(screen.getByRole('checkbox', { name: 'Stop-loss suiveur' })).toBeTruthy();
    // No raw slug and no server English anywhere in the dialog.
    expect(dialog.textContent).not.toMatch(/same_strike|new_atm|Re-entry|Strike offset|Paper trading/);
    expect(within(dialog).getByText('Trading simulé uniquement')).toBeTruthy();
  });

  it('shows the strategy’s name in French on the bot’s card', async () => {
    backend.tradingBots = [{ ...backend.tradingBots[0]!, base_strategy: 101 }];
    backend.strategies = served;
    renderPortfolioScreen('fr');
    const bot = await findCard('Tuesday straddle');
    expect(await within(bot).findByText('Straddle vendeur')).toBeTruthy();
  });
});

describe('a parameter that only matters with another’s value', () => {
  it('is disabled while the trailing stop-loss is off, says why, and opens when it is turned on', async () => {
    const { user } = await openNewTradingBot();
    await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), 'Short straddle');
    const step = field(/^Trail step/);
    const trigger = field(/^Trail from profit/);
    expect([step.disabled, trigger.disabled]).toEqual([true, true]);
    expect(description(step)).toBe('Used only when “Trailing stop-loss” is on.');

    await user.click(screen.getByRole('checkbox', { name: 'Trailing stop-loss' }));
    expect([step.disabled, trigger.disabled]).toEqual([false, false]);
    expect(description(step)).toBe('Each time the profit grows by this percentage, the stop-loss moves up by the same amount.');
  });

  it('follows an enum too: re-entries only with a re-entry, Supertrend fields only with Supertrend', async () => {
    const { user } = await openNewTradingBot();
    await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), 'Short straddle');
    const reEntries = field(/^Re-entries per day/);
    expect(reEntries.disabled).toBe(true);
    expect(description(reEntries)).toBe('Used only when “Re-entry after a stop-loss” is Same strike or New at-the-money strike.');
    await user.selectOptions(field<HTMLSelectElement>(/^Re-entry after a stop-loss/), 'Same strike');
    expect(reEntries.disabled).toBe(false);

    await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), 'Trend-following option buyer');
    expect([field(/^Supertrend period/).disabled, field(/^Fast EMA/).disabled]).toEqual([false, true]);
    await user.selectOptions(field<HTMLSelectElement>(/^Trend indicator/), 'EMA crossover');
    expect([field(/^Supertrend period/).disabled, field(/^Fast EMA/).disabled]).toEqual([true, false]);
  });

  it('never blocks saving with a value that does not matter, and keeps one that is valid', async () => {
    const { user, dialog } = await openNewTradingBot();
    await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), 'Short straddle');
    await user.type(field(/^Bot name/), 'Trailing straddle');
    await user.click(screen.getByRole('checkbox', { name: 'Trailing stop-loss' }));
    await user.clear(field(/^Trail step/));
    await user.type(field(/^Trail step/), '500');
    await user.clear(field(/^Trail from profit/));
    await user.type(field(/^Trail from profit/), '30');
    await user.click(screen.getByRole('checkbox', { name: 'Trailing stop-loss' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));

    await findCard('Trailing straddle');
    const [created] = backend.changes;
    const params = (created?.body as { params: Record<string, unknown> }).params;
    expect(params.trailing_sl).toBe(false);
    expect(params.trail_trigger_pct).toBe(30);
    // 500 is beyond the step's maximum: left out, so the server keeps its default.
    expect('trail_step_pct' in params).toBe(false);
  });
});
