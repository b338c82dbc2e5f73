/**
 * The first visit: boot paints the sign-in form without waiting for /config.json, and a sign-in made before
 * the configuration has arrived waits for it and goes to the configured backend (never to a guessed one).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type * as ReactDomClient from 'react-dom/client';
import type { Root } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('@/app/pwa/register-service-worker', () => ({ startServiceWorker: vi.fn() }));

// Every root boot makes, unmounted after the file: a root left mounted can commit a lazy screen after the
// environment's teardown ("window is not defined", seen on a busy machine), which fails the whole run.
const roots: Root[] = [];
vi.mock('react-dom/client', async (original) => {
  const client = await original<typeof ReactDomClient>();
  return {
    ...client,
    createRoot: (...args: Parameters<typeof client.createRoot>) => {
      const root = client.createRoot(...args);
      roots.push(root);
      return root;
    },
  };
});

const API = 'http://configured.test';
const server = setupServer();
const signIns: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  act(() => roots.forEach((root) => root.unmount()));
  server.close();
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'readyState');
});

/** How many times /config.json was asked for since the last holdConfig. */
let configReads = 0;

/** /config.json answers only when the test says so. */
function holdConfig() {
  configReads = 0;
  let answer: (body: unknown) => void = () => {};
  const answered = new Promise<Response>((resolve) => {
    answer = (body) => resolve(Response.json(body));
  });
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/config.json' ? (configReads++, answered) : realFetch(input, init),
  );
  return answer;
}

describe('boot on a first visit to /auth/login', () => {
  it('paints the sign-in form before /config.json answers; a sign-in waits for it', async () => {
    server.use(
      http.post(`${API}/api/authenticate/login/`, ({ request }) => {
        signIns.push(request.url);
        return HttpResponse.json({ message: 'Invalid credentials', code: 'invalid_credentials' }, { status: 400 });
      }),
    );
    const answerConfig = holdConfig();
    window.history.replaceState(null, '', '/auth/login');
    const { boot } = await import('@/app/boot/boot');
    const container = document.createElement('div');
    document.body.append(container);

    await boot(container);
    // The lazy screen's first import is transformed on the fly here: slow on a busy machine, hence the wait.
    const signIn = await screen.findByRole('button', { name: 'Sign in' }, { timeout: 15_000 });

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(signIn);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signIns).toEqual([]);

    answerConfig({ api_base_url: API });
    await waitFor(() => expect(signIns).toEqual([`${API}/api/authenticate/login/`]));
  }, 30_000);

  it('a visit that only looks at the sign-in page never reads /config.json; the first key the trader presses does', async () => {
    vi.resetModules();
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    holdConfig();
    window.history.replaceState(null, '', '/auth/login');
    const { boot } = await import('@/app/boot/boot');
    const container = document.createElement('div');
    document.body.append(container);

    await boot(container);
    window.dispatchEvent(new Event('load'));
    await within(container).findByRole('button', { name: 'Sign in' }, { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(configReads).toBe(0);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await waitFor(() => expect(configReads).toBe(1));
    container.remove();
  }, 30_000);

  it('on a first visit starts the service worker (and its download of every screen) only once the trader signs in', async () => {
    vi.resetModules();
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    holdConfig();
    const { boot } = await import('@/app/boot/boot');
    const worker = await import('@/app/pwa/register-service-worker');
    const { store } = await import('@/lib/store');
    const { tokenAtom } = await import('@/lib/session/auth-atoms');
    vi.mocked(worker.startServiceWorker).mockClear();
    const container = document.createElement('div');
    document.body.append(container);

    await boot(container);
    window.dispatchEvent(new Event('load'));
    // Loaded, but only the sign-in page seen: no worker, no 1.5 MB of screens on the trader's data plan.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(worker.startServiceWorker).not.toHaveBeenCalled();
    store.set(tokenAtom, 'a-session-token');
    await waitFor(() => expect(worker.startServiceWorker).toHaveBeenCalledTimes(1));
    store.set(tokenAtom, null);
  });

  it('starts the service worker once the page has loaded when this browser already has one (its updates)', async () => {
    vi.resetModules();
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    // A navigator with a service worker; its own onLine, since jsdom's getter refuses an object derived from it.
    vi.stubGlobal(
      'navigator',
      Object.defineProperties(Object.create(navigator) as Navigator, {
        serviceWorker: { value: { getRegistration: () => Promise.resolve({}), getRegistrations: () => Promise.resolve([]) } },
        onLine: { value: true },
      }),
    );
    holdConfig();
    const { boot } = await import('@/app/boot/boot');
    const worker = await import('@/app/pwa/register-service-worker');
    vi.mocked(worker.startServiceWorker).mockClear();
    const container = document.createElement('div');
    document.body.append(container);

    await boot(container);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(worker.startServiceWorker).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    await waitFor(() => expect(worker.startServiceWorker).toHaveBeenCalledTimes(1));
  });
});
