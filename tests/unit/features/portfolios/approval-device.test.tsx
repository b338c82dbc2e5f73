// Which device decided a proposal, in the trader's language (issue 41): the server keeps the English label it
// made from the session's user agent ("Chrome on Android (session 12)") or the push device's label, and reads
// it back into its parts (browser, system, session) for the app to word; a French trader reads "Chrome sur
// Android", never the English words around the product names.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { BotProposal } from '@/features/portfolios/api/bot-approvals';
import { ProposalCard } from '@/features/portfolios/approvals/proposal-card';
import { deviceLabel } from '@/features/settings/model/push-support';
import { frMessages } from '@/i18n/locales/fr/index';
import { sayServerText } from '@/i18n/say-server-text';
import { describeAgent, deviceText } from '../../../../server/services/bots/approvals/device-label.ts';
import { approvalTexts } from '../../../../server/services/texts/approval-texts.ts';
import { en, fr, inFrench, plain } from '../../support/server-text-intl.ts';

const agents = {
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  windowsEdge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  curl: 'curl/8.5.0',
};
const session = (agent: string, id: number) => `${describeAgent(agent)} (session ${id})`;
const french = (label: string) => plain(sayServerText(fr, deviceText(label), '(no code)'));
const english = (label: string) => sayServerText(en, deviceText(label), '(no code)');

describe('the device that decided, in the trader’s language', () => {
  it('words a session’s browser, system and number in French, product names as they are', () => {
    expect(french(session(agents.androidChrome, 12))).toBe('Chrome sur Android (session 12)');
    expect(french(session(agents.iphoneSafari, 3))).toBe('Safari sur iOS (session 3)');
    expect(french(session(agents.windowsEdge, 7))).toBe('Edge sur Windows (session 7)');
    // No browser or system known: the catalogue's words, not "Browser".
    expect(french(session(agents.curl, 9))).toBe('un navigateur (session 9)');
  });

  it('says in English exactly the label the server keeps', () => {
    for (const label of [session(agents.androidChrome, 12), session(agents.curl, 9), 'Samsung Internet on Android', 'Chrome on iPhone', 'Firefox'])
      expect(english(label)).toBe(label.replace('Browser', 'a browser'));
  });

  it('words a push device’s label as the app made it (its finer systems too)', () => {
    const ipad = { userAgent: agents.iphoneSafari.replace('iPhone', 'iPad'), maxTouchPoints: 5 };
    expect(french(deviceLabel(ipad.userAgent, ipad))).toBe('Safari sur iPad');
    expect(french(deviceLabel(agents.androidChrome, { userAgent: agents.androidChrome, maxTouchPoints: 5 }))).toBe('Chrome sur Android');
    expect(french('Samsung Internet on Android')).toBe('Samsung Internet sur Android');
  });

  it('keeps a label in other words as it is', () => {
    expect(deviceText('Ravi’s Pixel')).toEqual({ code: 'text', params: { text: 'Ravi’s Pixel' } });
    expect(french('Ravi’s Pixel')).toBe('Ravi’s Pixel');
    expect(french('Chrome on Android at home')).toBe('Chrome on Android at home');
  });

  it('says an approval and a rejection in French with the device in French', () => {
    expect(inFrench(approvalTexts.approved(session(agents.androidChrome, 12)))).toBe('Approuvée depuis Chrome sur Android (session 12).');
    expect(inFrench(approvalTexts.rejected('Chrome on Android'))).toBe('Refusée depuis Chrome sur Android : entrée sautée.');
  });
});

const decided: BotProposal = {
  id: 5,
  bot_kind: 'trading',
  bot_id: 2,
  bot_name: 'Trend',
  trading_day: '2026-11-27',
  action: 'enter',
  legs: [{ exchange: 'NFO', tradingsymbol: 'NIFTY26D0126000CE', side: 'BUY', quantity: 65, price: 120.5, price_then: 121 }],
  margin: 7900,
  charges: 40,
  max_loss: 7832.5,
  max_loss_unlimited: false,
  price_tolerance_pct: 2,
  created_at: '2026-11-27T03:50:00Z',
  expires_at: '2026-11-27T03:51:00Z',
  status: 'approved',
  decided_at: '2026-11-27T03:50:20Z',
  decided_via: 'app',
  decided_device: 'Chrome on Android (session 12)',
  decided_device_text: deviceText('Chrome on Android (session 12)'),
  message: 'Approved from Chrome on Android (session 12).',
  message_i18n: approvalTexts.approved('Chrome on Android (session 12)').i18n,
  order_ids: ['P1'],
};

describe('a decided proposal on the approvals screen', () => {
  it('names the device in French', () => {
    render(
      <IntlProvider locale="fr" messages={frMessages}>
        <ProposalCard proposal={decided} secondsToGo={null} current={false} busy={false} onApprove={() => {}} onReject={() => {}} />
      </IntlProvider>,
    );
    const card = plain(screen.getByRole('article').textContent ?? '');
    expect(card).toContain('Dans l’app · \u2068Chrome sur Android (session 12)\u2069');
    expect(card).toContain('Approuvée depuis Chrome sur Android (session 12).');
    expect(card).not.toContain(' on Android');
  });
});

describe('a proposal’s push names its legs', () => {
  const legs = [
    { side: 'SELL' as const, quantity: 65, tradingsymbol: 'NIFTY26D0126000CE', price: 100 },
    { side: 'SELL' as const, quantity: 65, tradingsymbol: 'NIFTY26D0126000PE', price: 98.5 },
  ];

  it('each leg with its side, quantity and price, the margin and the worst loss, in English as the server writes it', () => {
    const body = approvalTexts.proposalLegsBody(legs, 812.4, 'unlimited', 60);
    expect(body.text).toBe('Sell 65 NIFTY26D0126000CE at ₹100.00, Sell 65 NIFTY26D0126000PE at ₹98.50. Margin ₹812.40, max loss unlimited. Decide within 60 s.');
    expect(sayServerText(en, body.i18n, '(no code)')).toBe(body.text);
  });

  it('in French', () => {
    expect(inFrench(approvalTexts.proposalLegsBody(legs, 812.4, 'unlimited', 60))).toBe(
      'Vente 65 NIFTY26D0126000CE à 100,00 ₹, Vente 65 NIFTY26D0126000PE à 98,50 ₹. Marge 812,40 ₹, perte max. illimitée. Décidez sous 60 s.',
    );
  });

  it('says a margin or a loss nobody could compute is not known, never ₹0', () => {
    const body = approvalTexts.proposalLegsBody(legs.slice(0, 1), null, null, 30);
    expect(body.text).toBe('Sell 65 NIFTY26D0126000CE at ₹100.00. Margin not known, max loss not known. Decide within 30 s.');
    expect(sayServerText(en, body.i18n, '(no code)')).toBe(body.text);
    expect(inFrench(body)).toBe('Vente 65 NIFTY26D0126000CE à 100,00 ₹. Marge inconnue, perte max. inconnue. Décidez sous 30 s.');
    expect(inFrench(approvalTexts.proposalLegsBody(legs.slice(1), 900, 450.25, 30))).toContain('perte max. 450,25 ₹');
  });
});
