// @vitest-environment node
/**
 * sw/push.ts says a push in the language the trader chose in the app (issue 24), read from the app's own
 * IndexedDB preferences, so it works while the app is closed: a French trader's fill, fired price alert and
 * kill switch read in French, an English trader's in English, and a code this worker does not know shows
 * the server's English words.
 */
import { del, set } from 'idb-keyval';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFERENCES_KEY } from '@/lib/preferences/preferences-persistence';
import { payloadOf, type AlertForPush } from '../../../server/services/alerts/push-payload.ts';
import { said, type Said } from '../../../server/services/texts/said.ts';
import { preferencesKey } from '../../../sw/push-text.ts';

type Handler = (event: unknown) => void;
const handlers = new Map<string, Handler>();
const showNotification = vi.fn((_title: string, _options: Record<string, unknown>) => Promise.resolve());
const scope = {
  location: { origin: 'https://desk.test' },
  registration: { showNotification },
  clients: { matchAll: vi.fn(() => Promise.resolve([])), openWindow: vi.fn() },
  Notification: { maxActions: 2 },
  addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
};

beforeAll(async () => {
  const path = '../../../sw/push.ts';
  const loaded = (await import(/* @vite-ignore */ path)) as { registerPushHandlers: (scope: unknown) => void };
  loaded.registerPushHandlers(scope);
});
beforeEach(() => showNotification.mockClear());
afterEach(() => del(PREFERENCES_KEY));

/** What the app stores when the trader picks a language (src/lib/preferences/preferences-persistence.ts). */
const chooseLanguage = (locale: 'en' | 'fr') => set(PREFERENCES_KEY, { version: 1, navType: 'side', navCollapsed: false, theme: 'light', locale, direction: 'ltr', topNavColor: 'blue' });

async function push(alert: AlertForPush): Promise<{ title: string; body: string; actions: string[] }> {
  const pending: Promise<unknown>[] = [];
  const payload = JSON.parse(JSON.stringify(payloadOf(alert))) as unknown;
  handlers.get('push')?.({ data: { json: () => payload, text: () => '' }, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
  await Promise.all(pending);
  const [title, options] = showNotification.mock.calls.at(-1)!;
  const actions = (options['actions'] as { title: string }[]).map((action) => action.title);
  return { title: plain(title), body: plain(options['body'] as string), actions };
}
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const alertOf = (event: AlertForPush['event'], category: AlertForPush['category'], title: Said, body: Said, positionOpen = false): AlertForPush => ({
  id: 7,
  category,
  event,
  title: title.text,
  body: body.text,
  title_i18n: title.i18n,
  body_i18n: body.i18n,
  link: '/app/order_book',
  positionOpen,
});

// The server's words for these alerts (order-watcher.ts, price-watcher.ts, kill-switch-watcher.ts).
const fill = alertOf(
  'order_filled',
  'order',
  said('alert.order_filled_title', { side: 'BUY', quantity: 65, tradingsymbol: 'NIFTY2612026000CE' }, 'Bought 65 NIFTY2612026000CE'),
  said(
    'alert.order_filled_body',
    { side: 'BUY', quantity: 65, tradingsymbol: 'NIFTY2612026000CE', price: 120.5, account: 'PA1234', order_id: '261124000000042' },
    'Bought 65 NIFTY2612026000CE at ₹120.50 (PA1234, order 261124000000042)',
  ),
  true,
);
const priceCrossed = alertOf(
  'price_crossed',
  'price',
  said('alert.price_crossed_title', { symbol: 'NIFTY', direction: 'above', kind: 'index', level: 26050 }, 'NIFTY rose above 26,050.00'),
  said('alert.price_crossed_body', { kind: 'index', last: 26051.2, repeat: 'once' }, 'Last price 26,051.20. This alert fired once and is now off.'),
);
const killSwitch = alertOf(
  'kill_switch_armed',
  'kill_switch',
  said('alert.kill_switch_on_title', { account: 'PA1234', by: 'risk_limit' }, 'Kill switch on for PA1234 (risk limit)'),
  said('kill_switch.armed', { cancelled: 2, filled: 1 }, 'New orders blocked; 2 working orders cancelled; 1 exit filled'),
);

describe('a push in the language the trader chose in the app', () => {
  it('is the app’s own preference', () => {
    expect(preferencesKey).toBe(PREFERENCES_KEY);
  });

  it('a French trader: a fill, a fired price alert and the kill switch read in French, actions included', async () => {
    await chooseLanguage('fr');
    expect(await push(fill)).toEqual({
      title: 'Acheté 65 NIFTY2612026000CE',
      body: 'Acheté 65 NIFTY2612026000CE à 120,50 ₹ (PA1234, ordre 261124000000042)',
      actions: ['Ouvrir', 'Solder…'],
    });
    const price = await push(priceCrossed);
    expect(price.title).toBe('NIFTY est passé au-dessus de 26 050,00');
    expect(price.body).toMatch(/^Dernier cours 26 051,20\./);
    const armed = await push(killSwitch);
    expect(armed.title).toBe('Coupe-circuit activé pour PA1234 (limite de risque)');
    expect(armed.body).toMatch(/^Nouveaux ordres bloqués/);
  });

  it('an English trader, or one who never chose: the server’s English words', async () => {
    await chooseLanguage('en');
    expect(await push(fill)).toEqual({ title: 'Bought 65 NIFTY2612026000CE', body: fill.body, actions: ['Open', 'Square off…'] });
    await del(PREFERENCES_KEY);
    expect((await push(killSwitch)).title).toBe('Kill switch on for PA1234 (risk limit)');
  });

  it('a code this worker does not know yet, or words with no code: the English text', async () => {
    await chooseLanguage('fr');
    const newer = { ...fill, title_i18n: { code: 'alert.from_a_newer_server', params: {} } as unknown as Said['i18n'], body_i18n: null };
    const shown = await push(newer);
    expect(shown.title).toBe(fill.title);
    expect(shown.body).toBe(fill.body);
  });
});
