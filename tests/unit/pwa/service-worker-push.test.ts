/**
 * sw/push.ts with a fake worker scope: a push shows the server's text with its actions (no more than the
 * browser allows) and app icons; a tap opens the right screen in the open window, or a new one; the kill
 * switch and square-off actions only open their confirmation screens, and the worker never calls the API.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (event: unknown) => void;
type PushModule = { registerPushHandlers: (scope: unknown) => void };

type FakeWindow = { url: string; focused: boolean; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> };

const handlers = new Map<string, Handler>();
const showNotification = vi.fn((_title: string, _options: Record<string, unknown>) => Promise.resolve());
const openWindow = vi.fn((_url: string) => Promise.resolve(null));
let windows: FakeWindow[] = [];
let maxActions: number | undefined = 2;

const scope = {
  location: { origin: 'https://desk.test' },
  registration: { showNotification },
  clients: {
    matchAll: vi.fn(() => Promise.resolve(windows)),
    openWindow,
  },
  get Notification() {
    return maxActions === undefined ? undefined : { maxActions };
  },
  addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
};

function fakeWindow(focused = false, controlled = true): FakeWindow {
  const client: FakeWindow = {
    url: 'https://desk.test/app/order_book',
    focused,
    focus: vi.fn(() => Promise.resolve(client)),
    navigate: vi.fn((url: string) => (controlled ? Promise.resolve({ ...client, url }) : Promise.reject(new TypeError('not controlled')))),
  };
  return client;
}

/** Dispatches like the browser: the handler runs, then the worker stays alive for what it passed to waitUntil. */
async function dispatch(type: string, event: Record<string, unknown>) {
  const pending: Promise<unknown>[] = [];
  handlers.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
  expect(pending).toHaveLength(1);
  await Promise.all(pending);
}

const push = (data: unknown) =>
  dispatch('push', {
    data: {
      json: () => (typeof data === 'string' ? JSON.parse(data) : data),
      text: () => (typeof data === 'string' ? data : JSON.stringify(data)),
    },
  });

function click(action: string, data: unknown) {
  const close = vi.fn();
  return { close, done: dispatch('notificationclick', { action, notification: { data, close } }) };
}

const killSwitchPayload = {
  title: 'Kill switch armed',
  body: 'PA1234: 2 orders cancelled, 3 positions squared off.',
  tag: 'alert-41',
  url: '/app/kill-switch',
  alert_id: 41,
  category: 'kill_switch',
  event: 'kill_switch_armed',
  actions: [
    { action: 'open', title: 'Open' },
    { action: 'kill_switch', title: 'Kill switch' },
    { action: 'square_off', title: 'Square off' },
  ],
};

const fetchSpy = vi.fn();
beforeAll(async () => {
  const path = '../../../sw/push.ts';
  const loaded = (await import(/* @vite-ignore */ path)) as PushModule;
  loaded.registerPushHandlers(scope);
});
beforeEach(() => {
  windows = [];
  maxActions = 2;
  showNotification.mockClear();
  openWindow.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  // The worker only shows and opens: it never reaches the API, whatever was tapped.
  expect(fetchSpy).not.toHaveBeenCalled();
  vi.unstubAllGlobals();
});

describe('push', () => {
  it('shows the title and body with the alert to open, app icons and as many actions as the browser allows', async () => {
    await push(killSwitchPayload);
    expect(showNotification).toHaveBeenCalledOnce();
    const [title, options] = showNotification.mock.calls[0]!;
    expect(title).toBe('Kill switch armed');
    expect(options).toMatchObject({
      body: 'PA1234: 2 orders cancelled, 3 positions squared off.',
      tag: 'alert-41',
      data: { url: '/app/kill-switch', alert_id: 41 },
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      actions: [
        { action: 'open', title: 'Open' },
        { action: 'kill_switch', title: 'Kill switch' },
      ],
    });
  });

  it('keeps every action where the browser takes more, and drops ones it does not know', async () => {
    maxActions = 4;
    await push({ ...killSwitchPayload, actions: [...killSwitchPayload.actions, { action: 'place_order', title: 'Buy' }] });
    const actions = (showNotification.mock.calls[0]![1]['actions'] as { action: string }[]).map((entry) => entry.action);
    expect(actions).toEqual(['open', 'kill_switch', 'square_off']);
  });

  it('never links outside the app, and still shows something for a payload that is not JSON', async () => {
    await push({ ...killSwitchPayload, url: 'https://evil.example/phish' });
    expect(showNotification.mock.calls[0]![1]['data']).toEqual({ url: '/app/strategy_alerts', alert_id: 41, proposal: null });
    showNotification.mockClear();
    await dispatch('push', { data: { json: () => JSON.parse('not json') as unknown, text: () => 'not json' } });
    expect(showNotification).toHaveBeenCalledWith('StrikeDesk', expect.objectContaining({ body: 'not json', actions: [] }));
  });
});

describe('notificationclick', () => {
  it('kill switch: focuses the open window and takes it to the confirmation, audited as from a notification', async () => {
    const open = fakeWindow(true);
    windows = [fakeWindow(), open];
    const { close, done } = click('kill_switch', { url: '/app/kill-switch', alert_id: 41 });
    await done;
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith('https://desk.test/app/dashboards/default?kill-switch=arm&source=notification');
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('kill switch with no window open: opens the app at the confirmation', async () => {
    await click('kill_switch', { url: '/app/order_book', alert_id: 3 }).done;
    expect(openWindow).toHaveBeenCalledWith('https://desk.test/app/dashboards/default?kill-switch=arm&source=notification');
  });

  it('square off: opens the positions screen, where the trader confirms', async () => {
    const open = fakeWindow();
    windows = [open];
    await click('square_off', { url: '/app/order_book', alert_id: 3 }).done;
    expect(open.navigate).toHaveBeenCalledWith('https://desk.test/app/position');
  });

  it('the notification itself or "open": the alert\'s own screen; a window it cannot steer makes way for a new one', async () => {
    windows = [fakeWindow(false, false)];
    await click('', { url: '/app/order_book?account=PA1234', alert_id: 7 }).done;
    expect(openWindow).toHaveBeenCalledWith('https://desk.test/app/order_book?account=PA1234');
    openWindow.mockClear();
    windows = [];
    await click('open', { url: '//evil.example/x', alert_id: 7 }).done;
    expect(openWindow).toHaveBeenCalledWith('https://desk.test/app/strategy_alerts');
  });
  it('approves a proposal from its button with its single-use token, and opens the app on it when the post fails', async () => {
    const token = 'A'.repeat(43);
    await push({ title: 'Straddle wants to enter: approve?', body: '2 legs', tag: 'proposal-9', url: '/app/approvals?proposal=9', alert_id: 12, proposal: { id: 9, token },
      actions: [{ action: 'approve', title: 'Approve', title_i18n: null }, { action: 'reject', title: 'Reject', title_i18n: null }] });
    const [, options] = showNotification.mock.calls.at(-1)!;
    expect(options['actions']).toEqual([{ action: 'approve', title: 'Approve' }, { action: 'reject', title: 'Reject' }]);
    expect(options['requireInteraction']).toBe(true);
    const data = options['data'];
    const fetches = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetches);
    windows = [];
    openWindow.mockClear();
    await click('approve', data).done;
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(fetches.mock.calls[0]![0]).toBe('https://desk.test/api/approvals/notification/');
    expect(JSON.parse(String(fetches.mock.calls[0]![1].body))).toEqual({ token, decision: 'approve' });
    expect(openWindow).not.toHaveBeenCalled();
    // Refused (spent, expired, prices moved): the app opens on the proposal to say why.
    fetches.mockImplementation(() => Promise.resolve(new Response('{}', { status: 409 })));
    await click('reject', data).done;
    expect(JSON.parse(String(fetches.mock.calls[1]![1].body))).toEqual({ token, decision: 'reject' });
    expect(openWindow).toHaveBeenCalledWith('https://desk.test/app/approvals?proposal=9');
    vi.unstubAllGlobals();
  });
});
