/**
 * Removes service workers this app did not register on this origin (an older app, a renamed worker
 * script), so they cannot keep answering requests with a stale cache. Our own /sw.js is left alone.
 */
export const SERVICE_WORKER_URL = '/sw.js';

type WorkerLike = { scriptURL: string } | null;

export type RegistrationLike = {
  active: WorkerLike;
  waiting: WorkerLike;
  installing: WorkerLike;
  unregister: () => Promise<boolean>;
};

export type ContainerLike = { getRegistrations: () => Promise<readonly RegistrationLike[]> };

async function listRegistrations(container: ContainerLike | undefined): Promise<readonly RegistrationLike[]> {
  if (!container) return [];
  try {
    return await container.getRegistrations();
  } catch {
    return [];
  }
}

const scriptKey = (url: string) => {
  const parsed = new URL(url, window.location.href);
  return `${parsed.origin}${parsed.pathname}`;
};

/**
 * Unregisters every registration none of whose workers runs `ownScriptUrl`; resolves to how many it removed.
 * A browser without service workers (no container, or one that refuses to list them) has none to remove.
 */
export async function unregisterForeignWorkers(
  container: ContainerLike | undefined = navigator.serviceWorker ?? undefined,
  ownScriptUrl: string = SERVICE_WORKER_URL,
): Promise<number> {
  const own = scriptKey(ownScriptUrl);
  const registrations = await listRegistrations(container);
  const foreign = registrations.filter((registration) => {
    const workers = [registration.installing, registration.waiting, registration.active].filter(
      (worker) => worker !== null,
    );
    // A registration with no worker yet is mid-registration (possibly ours): not provably foreign.
    // One that is switching to our script (ours installing, an old one active) is ours.
    return workers.length > 0 && workers.every((worker) => scriptKey(worker.scriptURL) !== own);
  });
  const results = await Promise.all(foreign.map((registration) => registration.unregister()));
  return results.filter(Boolean).length;
}
