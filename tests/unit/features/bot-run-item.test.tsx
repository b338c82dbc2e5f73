import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { BotRun } from '@/features/portfolios/api/bot-engine-types';
import { BotRunItem } from '@/features/portfolios/components/bot-run-item';
import { frMessages } from '@/i18n/locales/fr/index';

const run = (over: Partial<BotRun>): BotRun => ({ trading_day: '2026-11-23', state: 'in_position', reason: null, entries: 1, pnl: null, actions: [], ...over });

const renderRun = (value: BotRun, locale: 'en' | 'fr' = 'en') =>
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <BotRunItem run={value} />
    </IntlProvider>,
  );

describe('a day in a bot’s history', () => {
  it('never says "no trade yet" of a day the bot entered: without a P&L it is unsettled', () => {
    renderRun(run({ entries: 1 }));
    expect(screen.getByText('Not settled: the day ended in position')).toBeTruthy();
    expect(screen.queryByText('No trade yet')).toBeNull();
  });

  it('says "no trade yet" only of a day without an entry, and reads in French', () => {
    renderRun(run({ entries: 0, state: 'waiting' }));
    expect(screen.getByText('No trade yet')).toBeTruthy();
    document.body.innerHTML = '';
    renderRun(run({ entries: 2 }), 'fr');
    expect(screen.getByText('Non soldé : la journée s’est terminée en position')).toBeTruthy();
  });
});
