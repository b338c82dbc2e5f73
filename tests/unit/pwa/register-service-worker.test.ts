/**
 * The update flow with workbox-window mocked: a waiting worker sets updateAvailableAtom, accepting posts
 * SKIP_WAITING, and the page reloads exactly once when the new worker takes control.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  acceptUpdate,
  registerServiceWorker,
  startServiceWorker,
  UPDATE_CHECK_INTERVAL_MS,
  type ServiceWorkerHandle,
} from '@/app/pwa/register-service-worker';
import { updateAvailableAtom } from '@/app/pwa/update-available-atom';
import { store } from '@/lib/store';

type WorkboxEventLike = { isUpdate?: boolean; isExternal?: boolean };

const { FakeWorkbox, instances } = vi.hoisted(() => {
  const instances: InstanceType<typeof FakeWorkbox>[] = [];
  class FakeWorkbox {
    readonly listeners = new Map<string, ((event: WorkboxEventLike) => void)[]>();
    readonly register = vi.fn(() => Promise.resolve({}));
    readonly update = vi.fn(() => Promise.resolve());
    readonly messageSkipWaiting = vi.fn();
    constructor(
      readonly scriptUrl: string,
      readonly options: object,
    ) {
      instances.push(this);
    }
    addEventListener(type: string, listener: (event: WorkboxEventLike) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    emit(type: string, event: WorkboxEventLike = {}) {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
  }
  return { FakeWorkbox, instances };
});

vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }));

let handle: ServiceWorkerHandle | undefined;
const reload = vi.fn();

function start() {
  handle = registerServiceWorker({ reload });
  const workbox = instances.at(-1);
  if (!workbox) throw new Error('no Workbox was created');
  return workbox;
}

beforeEach(() => {
  // jsdom has no service workers; these tests are about a browser that has them.
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  instances.length = 0;
  reload.mockReset();
  store.set(updateAvailableAtom, false);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  handle?.stop();
  vi.useRealTimers();
});

describe('service worker updates', () => {
  it('registers /sw.js for the whole origin', () => {
    const workbox = start();
    expect(workbox.scriptUrl).toBe('/sw.js');
    expect(workbox.options).toEqual({ scope: '/' });
    expect(workbox.register).toHaveBeenCalledOnce();
  });

  it('offers a waiting version, activates it on accept and reloads once it controls the page', () => {
    const workbox = start();
    expect(store.get(updateAvailableAtom)).toBe(false);

    workbox.emit('waiting', { isUpdate: true });
    expect(store.get(updateAvailableAtom)).toBe(true);
    // Offered, not forced: nothing happens until the trader accepts.
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();

    acceptUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();

    workbox.emit('controlling', { isUpdate: true });
    workbox.emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload when the first install takes control', () => {
    const workbox = start();
    workbox.emit('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
    expect(store.get(updateAvailableAtom)).toBe(false);
  });

  it('offers a reload when another tab activated the new version, and reloads directly on accept', () => {
    const workbox = start();
    workbox.emit('controlling', { isUpdate: true, isExternal: true });
    expect(store.get(updateAvailableAtom)).toBe(true);
    expect(reload).not.toHaveBeenCalled();

    acceptUpdate();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('checks for updates every hour and whenever the page becomes visible', async () => {
    vi.useFakeTimers();
    const workbox = start();
    expect(workbox.update).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(workbox.update).toHaveBeenCalledTimes(1);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.update).toHaveBeenCalledTimes(2);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.update).toHaveBeenCalledTimes(2);

    handle?.stop();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(workbox.update).toHaveBeenCalledTimes(2);
  });

  it('swallows a failed update check (offline) so the next one can try again', async () => {
    const workbox = start();
    workbox.update.mockRejectedValueOnce(new TypeError('Failed to update'));
    await expect(handle?.checkForUpdate()).resolves.toBeUndefined();
  });

  it('does nothing outside production builds, even where service workers are supported', () => {
    startServiceWorker();
    expect(instances).toHaveLength(0);
  });
});
