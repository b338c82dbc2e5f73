/**
 * Browsers that give no service worker (private windows, blocked workers, insecure origins, webviews), with
 * the real workbox-window: the app runs online only, registration never throws or logs an error, and the
 * update checks stop.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, type ServiceWorkerHandle } from '@/app/pwa/register-service-worker';
import { unregisterForeignWorkers } from '@/app/pwa/unregister-foreign-workers';

type FakeContainer = Pick<ServiceWorkerContainer, 'register' | 'addEventListener' | 'getRegistrations'> & {
  controller: null;
};

function installContainer(register: () => Promise<unknown>): FakeContainer {
  const container = {
    controller: null,
    register: vi.fn(register),
    addEventListener: vi.fn(),
    getRegistrations: vi.fn(() => Promise.reject(new DOMException('The operation is insecure.', 'SecurityError'))),
  } as unknown as FakeContainer;
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return container;
}

let handle: ServiceWorkerHandle | undefined;
const errors = vi.fn();
const reload = vi.fn();
const failures: unknown[] = [];
const recordFailure = (reason: unknown) => failures.push(reason);

beforeEach(() => {
  failures.length = 0;
  errors.mockReset();
  reload.mockReset();
  vi.spyOn(console, 'error').mockImplementation(errors);
  process.on('unhandledRejection', recordFailure);
});

afterEach(() => {
  handle?.stop();
  handle = undefined;
  Reflect.deleteProperty(navigator, 'serviceWorker');
  process.off('unhandledRejection', recordFailure);
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a browser without a service worker', () => {
  it('runs without one when navigator.serviceWorker is missing', async () => {
    expect('serviceWorker' in navigator).toBe(false);
    handle = registerServiceWorker({ reload });
    await expect(handle.registered).resolves.toBe(false);
    await expect(handle.checkForUpdate()).resolves.toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
  });

  it('runs without one when navigator.serviceWorker is there but empty', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: undefined, configurable: true });
    handle = registerServiceWorker({ reload });
    await expect(handle.registered).resolves.toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });

  it('treats a registration that resolves to nothing as no worker, without "reading \'waiting\'" errors', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const container = installContainer(() => Promise.resolve(undefined));
    handle = registerServiceWorker({ reload, updateCheckIntervalMs: 1000 });
    await expect(handle.registered).resolves.toBe(false);
    expect(container.register).toHaveBeenCalledOnce();
    expect(errors).not.toHaveBeenCalled();
    expect(failures).toEqual([]);
    // No worker to update: the hourly check is gone.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('treats a blocked registration (SecurityError) as no worker', async () => {
    installContainer(() => Promise.reject(new DOMException('The user denied permission to use Service Worker.', 'SecurityError')));
    handle = registerServiceWorker({ reload });
    await expect(handle.registered).resolves.toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).not.toHaveBeenCalled();
    expect(failures).toEqual([]);
  });

  it('has no older workers to remove when the container is missing or refuses to list them', async () => {
    await expect(unregisterForeignWorkers(undefined)).resolves.toBe(0);
    const container = installContainer(() => Promise.resolve(undefined));
    await expect(unregisterForeignWorkers(container)).resolves.toBe(0);
  });
});
