/**
 * Settings › Notifications with a fake browser (Notification, PushManager, a service worker registration):
 * turning push on asks permission, subscribes with the server's VAPID key and registers the device with its
 * label and every topic; topics, test and turning off; and what a browser that cannot, an iPhone tab or a
 * refused permission is told. The trader's other devices show their topics and last error.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { configureApiClients } from '@/lib/api/clients';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { forgetLastKnown } from '@/lib/persist/last-known';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';
import { notifications, renderSettings } from './settings-harness';
import { plainText } from '../support/plain-text';

type PushDevice = components['schemas']['PushDevice'];

const API = 'http://api.test';
const server = setupServer();
// 65 bytes, as a P-256 public key is; base64url without padding, as the server sends it.
const keyBytes = Array.from({ length: 65 }, (_, index) => (index * 7 + 4) % 256);
const vapidKey = btoa(String.fromCharCode(...keyBytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const endpoint = 'https://push.example/send/abc';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const iphoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const laptop: PushDevice = {
  endpoint: 'https://push.example/send/laptop',
  label: 'Firefox on Windows',
  topics: ['kill_switch', 'fills'],
  created_at: '2026-11-01T05:00:00Z',
  last_sent_at: null,
  last_error: 'Push service answered 500.',
};

let devices: PushDevice[] = [];
const sent = { puts: [] as unknown[], removed: [] as unknown[], tests: [] as unknown[] };
let permission: NotificationPermission = 'default';
let answer: NotificationPermission = 'granted';
let existing: PushSubscription | null = null;
const subscribe = vi.fn();
const unsubscribe = vi.fn(() => Promise.resolve(true));

function fakeSubscription(): PushSubscription {
  const json = { endpoint, keys: { p256dh: 'BPublicKey', auth: 'authSecret' } };
  return { endpoint, toJSON: () => json, unsubscribe } as unknown as PushSubscription;
}

function installBrowser({ ua = android, push = true, standalone }: { ua?: string; push?: boolean; standalone?: boolean } = {}) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
  const registration = { pushManager: { getSubscription: () => Promise.resolve(existing), subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: () => Promise.resolve(registration) } });
  Object.defineProperty(navigator, 'standalone', { configurable: true, value: standalone });
  if (push) {
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { get permission() { return permission; }, requestPermission: vi.fn(() => Promise.resolve((permission = answer))) });
  }
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  store.set(tokenAtom, 'token-abc');
  store.set(notificationsAtom, []);
  devices = [laptop];
  sent.puts = [];
  sent.removed = [];
  sent.tests = [];
  permission = 'default';
  answer = 'granted';
  existing = null;
  subscribe.mockReset().mockImplementation(() => Promise.resolve((existing = fakeSubscription())));
  unsubscribe.mockClear();
  server.use(
    http.get(`${API}/api/push/`, () => HttpResponse.json({ vapid_public_key: vapidKey, devices })),
    http.put(`${API}/api/push/devices/`, async ({ request }) => {
      const body = (await request.json()) as Pick<PushDevice, 'endpoint' | 'label' | 'topics'>;
      sent.puts.push(body);
      const device: PushDevice = { endpoint: body.endpoint, label: body.label, topics: body.topics, created_at: '2026-11-23T05:00:00Z', last_sent_at: null, last_error: null };
      devices = [...devices.filter((entry) => entry.endpoint !== device.endpoint), device];
      return HttpResponse.json({ device });
    }),
    http.post(`${API}/api/push/devices/remove/`, async ({ request }) => {
      sent.removed.push(await request.json());
      return HttpResponse.json({ message: 'Removed' });
    }),
    http.post(`${API}/api/push/test/`, async ({ request }) => {
      sent.tests.push(await request.json());
      return HttpResponse.json({ message: 'Accepted by the push service (201)', message_i18n: { code: 'text', params: { text: 'Accepted by the push service (201)' } } });
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'standalone');
});

const topicBox = (name: string) => screen.getByRole('checkbox', { name });

describe('Settings › Notifications', () => {
  it('turns push on: permission, a subscription with the server key, then the device with its label and every topic', async () => {
    const user = userEvent.setup();
    installBrowser();
    renderSettings('notifications');
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));

    await waitFor(() => expect(sent.puts).toHaveLength(1));
    expect(subscribe).toHaveBeenCalledOnce();
    const options = subscribe.mock.calls[0]![0] as { userVisibleOnly: boolean; applicationServerKey: Uint8Array };
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual(keyBytes);
    expect(sent.puts[0]).toEqual({
      endpoint,
      keys: { p256dh: 'BPublicKey', auth: 'authSecret' },
      label: 'Chrome on Android',
      topics: ['fills', 'rejections', 'stop_loss_target', 'kill_switch', 'broker_session', 'price_alerts', 'bot_activity'],
    });
    expect(await screen.findByText('On for this device (Chrome on Android).')).toBeTruthy();
    expect((topicBox('Kill switch') as HTMLInputElement).checked).toBe(true);
    expect(notifications().map((n) => n.title)).toContain('Notifications on for this device');
  });

  it('shows the server\'s stored topics for this device, saves a change, sends a test and turns off', async () => {
    const user = userEvent.setup();
    existing = fakeSubscription();
    devices = [laptop, { ...laptop, endpoint, label: 'Chrome on Android', topics: ['fills', 'kill_switch'], last_error: null }];
    permission = 'granted';
    installBrowser();
    renderSettings('notifications');
    expect(await screen.findByText('On for this device (Chrome on Android).')).toBeTruthy();
    expect((topicBox('Fills') as HTMLInputElement).checked).toBe(true);
    expect((topicBox('Rejections') as HTMLInputElement).checked).toBe(false);

    await user.click(topicBox('Fills'));
    await waitFor(() => expect(sent.puts).toEqual([expect.objectContaining({ endpoint, label: 'Chrome on Android', topics: ['kill_switch'] })]));
    await waitFor(() => expect((topicBox('Fills') as HTMLInputElement).checked).toBe(false));

    await user.click(screen.getByRole('button', { name: 'Send a test' }));
    await waitFor(() => expect(sent.tests).toEqual([{ endpoint }]));
    await waitFor(() => expect(notifications()).toContainEqual({ kind: 'info', title: 'Test notification sent', description: 'Accepted by the push service (201)' }));

    await user.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    await waitFor(() => expect(sent.removed).toEqual([{ endpoint }]));
    expect(unsubscribe).toHaveBeenCalledOnce();
    expect(await screen.findByText('Off on this device.')).toBeTruthy();
  });

  it('lists the other devices with what they receive and why the last push failed', async () => {
    installBrowser();
    renderSettings('notifications');
    const other = await screen.findByRole('listitem', { name: 'Firefox on Windows' });
    expect(within(other).getByText('Kill switch and Fills')).toBeTruthy();
    expect(within(other).getByText('Last delivery failed: Push service answered 500.')).toBeTruthy();
  });

  it('offline after a reload, shows this device’s and the other devices’ settings as last read, with their time (issue 36)', async () => {
    existing = fakeSubscription();
    devices = [laptop, { ...laptop, endpoint, label: 'Chrome on Android', topics: ['fills', 'kill_switch'], last_error: null }];
    permission = 'granted';
    installBrowser();
    const first = renderSettings('notifications');
    expect(await screen.findByText('On for this device (Chrome on Android).')).toBeTruthy();
    first.unmount();
    // A reload on a dead network: nothing of this visit in memory, only the device's copy.
    forgetLastKnown();
    server.use(http.get(`${API}/api/push/`, () => HttpResponse.error()));
    renderSettings('notifications');
    expect(await screen.findByText('On for this device (Chrome on Android).')).toBeTruthy();
    expect((topicBox('Fills') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('listitem', { name: 'Firefox on Windows' })).toBeTruthy();
    expect(screen.getByText(/^Last known, as of \d\d:\d\d:\d\d IST: it could not be refreshed\.$/, { normalizer: plainText })).toBeTruthy();
    expect(screen.queryByText('Your notification settings could not be loaded.')).toBeNull();
  });

  it('a refused permission: says where to allow it, subscribes nothing, registers nothing', async () => {
    const user = userEvent.setup();
    answer = 'denied';
    installBrowser();
    renderSettings('notifications');
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText(/Notifications are blocked for StrikeDesk in this browser's site settings/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Turn on notifications' }) as HTMLButtonElement).disabled).toBe(true);
    expect(subscribe).not.toHaveBeenCalled();
    expect(sent.puts).toEqual([]);
  });

  it('a browser without push says so and offers no button', async () => {
    installBrowser({ push: false });
    renderSettings('notifications');
    expect(await screen.findByText(/This browser cannot receive push notifications/)).toBeTruthy();
    await screen.findByRole('listitem', { name: 'Firefox on Windows' });
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });

  it('Safari on iPhone in a tab: push works only in the app installed on the Home Screen; installed, it can be turned on', async () => {
    installBrowser({ ua: iphoneSafari, push: false });
    const tab = renderSettings('notifications');
    expect(await screen.findByText(/notifications reach only the app installed on the Home Screen/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
    tab.unmount();

    installBrowser({ ua: iphoneSafari, standalone: true });
    renderSettings('notifications');
    expect(await screen.findByRole('button', { name: 'Turn on notifications' })).toBeTruthy();
    expect(screen.queryByText(/Home Screen/)).toBeNull();
  });
});
