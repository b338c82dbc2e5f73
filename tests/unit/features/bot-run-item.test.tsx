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

describe('an approve-first bot’s entries in its history (issue 41)', () => {
  const device = 'Chrome on Android (session 12)';
  const deviceText = { code: 'approval.device', params: { browser: 'Chrome', system: 'Android', session: '12' } } as const;
  const entry = (over: Partial<BotRun['actions'][number]>): BotRun['actions'][number] => ({
    action: 'enter',
    sequence: 1,
    leg: null,
    status: 'skipped',
    claimed_at: '2026-11-23T03:51:00Z',
    completed_at: '2026-11-23T03:51:00Z',
    message: null,
    order_ids: [],
    ...over,
  });
  const day = run({
    state: 'in_position',
    entries: 3,
    actions: [
      entry({ approval: { status: 'rejected', decided_at: '2026-11-23T03:51:00Z', decided_via: 'notification', device, device_text: deviceText } }),
      entry({ action: 're_enter', sequence: 2, approval: { status: 'expired', decided_at: '2026-11-23T03:53:00Z', decided_via: null, device: null, device_text: null } }),
      entry({ action: 're_enter', sequence: 3, status: 'completed', approval: { status: 'approved', decided_at: '2026-11-23T03:54:00Z', decided_via: 'app', device, device_text: deviceText } }),
    ],
  });
  const lines = () => screen.getAllByRole('listitem').map((item) => (item.textContent ?? '').replace(/[\u2068\u2069]/g, ''));

  it('says each entry approved, rejected or expired, from which device and when', () => {
    renderRun(day);
    expect(lines()).toEqual([
      'Entry rejected from Chrome on Android (session 12) at 09:21Skipped',
      'Re-entry expired unanswered at 09:23Skipped',
      'Re-entry approved from Chrome on Android (session 12) at 09:24Done',
    ]);
  });

  it('says it in French, the device too', () => {
    renderRun(day, 'fr');
    expect(lines().map((line) => line.replace(/[\u202f\u00a0]/g, ' '))).toEqual([
      'Entrée refusée depuis Chrome sur Android (session 12) à 09:21Ignorée',
      'Réentrée expirée sans réponse à 09:23Ignorée',
      'Réentrée approuvée depuis Chrome sur Android (session 12) à 09:24Faite',
    ]);
  });
});
