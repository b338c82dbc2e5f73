import { describe, expect, it, vi } from 'vitest';
import { unregisterForeignWorkers, type RegistrationLike } from '@/app/pwa/unregister-foreign-workers';

const origin = window.location.origin;
const worker = (path: string) => ({ scriptURL: new URL(path, origin).href });

function registration(workers: Partial<Pick<RegistrationLike, 'active' | 'waiting' | 'installing'>>) {
  return {
    active: null,
    waiting: null,
    installing: null,
    ...workers,
    unregister: vi.fn(() => Promise.resolve(true)),
  } satisfies RegistrationLike;
}

const containerOf = (...registrations: RegistrationLike[]) => ({
  getRegistrations: () => Promise.resolve(registrations),
});

describe('unregisterForeignWorkers', () => {
  it('unregisters workers running another script and keeps our /sw.js', async () => {
    const ours = registration({ active: worker('/sw.js') });
    const oldApp = registration({ active: worker('/service-worker.js') });
    const oldWaiting = registration({ waiting: worker('/legacy/sw.js') });

    const removed = await unregisterForeignWorkers(containerOf(ours, oldApp, oldWaiting));

    expect(removed).toBe(2);
    expect(ours.unregister).not.toHaveBeenCalled();
    expect(oldApp.unregister).toHaveBeenCalledOnce();
    expect(oldWaiting.unregister).toHaveBeenCalledOnce();
  });

  it('keeps a registration that is switching to our script', async () => {
    const switching = registration({ active: worker('/service-worker.js'), installing: worker('/sw.js') });
    expect(await unregisterForeignWorkers(containerOf(switching))).toBe(0);
    expect(switching.unregister).not.toHaveBeenCalled();
  });

  it('ignores a query string on our script and leaves registrations without workers alone', async () => {
    const ours = registration({ waiting: worker('/sw.js?v=2') });
    const empty = registration({});
    expect(await unregisterForeignWorkers(containerOf(ours, empty))).toBe(0);
    expect(empty.unregister).not.toHaveBeenCalled();
  });

  it('counts only registrations the browser actually removed', async () => {
    const stubborn = registration({ active: worker('/other.js') });
    stubborn.unregister.mockResolvedValue(false);
    expect(await unregisterForeignWorkers(containerOf(stubborn))).toBe(0);
    expect(stubborn.unregister).toHaveBeenCalledOnce();
  });

  it('honours another own script URL', async () => {
    const custom = registration({ active: worker('/custom-sw.js') });
    const ours = registration({ active: worker('/sw.js') });
    expect(await unregisterForeignWorkers(containerOf(custom, ours), '/custom-sw.js')).toBe(1);
    expect(ours.unregister).toHaveBeenCalledOnce();
  });
});
