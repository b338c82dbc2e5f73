// A bot's alert log on its webhook screen: each alert's action, outcome in words (never colour alone), alert
// id and the server's reason, in the trader's language.
import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { WebhookAlertRecord } from '@/features/portfolios/api/bot-webhook';
import { WebhookAlertList } from '@/features/portfolios/components/webhook-alert-list';
import { frMessages } from '@/i18n/locales/fr/index';

const alerts: WebhookAlertRecord[] = [
  {
    id: 2,
    received_at: '2026-11-27T05:31:05Z',
    alert_id: 'tv-1',
    action: 'enter',
    outcome: 'refused',
    code: 'alert_duplicate',
    message: 'Alert tv-1 was received before and placed once: nothing placed again.',
    message_i18n: { code: 'webhook.duplicate_id', params: { alert_id: 'tv-1' } },
    order_ids: [],
  },
  {
    id: 1,
    received_at: '2026-11-27T05:31:00Z',
    alert_id: null,
    action: 'enter',
    outcome: 'placed',
    code: null,
    message: 'Placed: 2 orders.',
    message_i18n: { code: 'webhook.placed', params: { orders: 2 } },
    order_ids: ['A1', 'A2'],
  },
];

function show(locale: 'en' | 'fr') {
  render(
    <IntlProvider locale={locale} messages={locale === 'fr' ? frMessages : undefined}>
      <WebhookAlertList alerts={alerts} />
    </IntlProvider>,
  );
  return screen.getAllByRole('listitem');
}

describe("a bot's alert log", () => {
  it('says each alert with its IST time, action, outcome, alert id and reason, newest first', () => {
    const [refused, placed] = show('en');
    expect(within(refused!).getByText('Refused')).toBeTruthy();
    expect(refused!.textContent).toContain('11:01');
    expect(refused!.textContent).toContain('Alert \u2068tv-1\u2069');
    expect(refused!.textContent).toContain('was received before and placed once');
    expect(within(placed!).getByText('Placed')).toBeTruthy();
    expect(placed!.textContent).toContain('Placed: 2 orders.');
  });

  it('says it in French', () => {
    const [refused, placed] = show('fr');
    expect(within(refused!).getByText('Refusé')).toBeTruthy();
    expect(refused!.textContent).toContain('a déjà été reçue et passée une fois');
    expect(placed!.textContent).toContain('Passé : 2 ordres.');
  });

  it('says when nothing came yet', () => {
    render(
      <IntlProvider locale="en">
        <WebhookAlertList alerts={[]} />
      </IntlProvider>,
    );
    expect(screen.getByText('No alert received yet.')).toBeTruthy();
  });
});
