import { useEffect, useSyncExternalStore, type ComponentType } from 'react';

/** After a failed download, the next try waits this long, doubling up to `retryMaxMs` (and goes at once when back online). */
export const retryFirstMs = 1_000;
const retryMaxMs = 8_000;

/**
 * A part of the shell (a dialog, a menu, the replay bar) in a file of its own, so that its code is neither downloaded
 * nor run before a screen's first drawing (issue 61: on a phone's slower CPU the shell's file was most of the work
 * before a chart could draw). app/layouts/shell-parts.tsx asks for every part once the screen has drawn.
 *
 * What opens a part (its button) stays in the shell and works on the first tap whatever has loaded: the tap is kept
 * as the caller's state (`open`), `useWanted(open)` asks for the code at once and hands the part over when it is here,
 * and `pending` says the tap is waiting (the button shows it). A failed download (offline before the service worker
 * holds the files, a server restarting) is tried again while the part is wanted, never turned into a blank. Session
 * 69's version showed a React.lazy part inside Suspense and, after a failure, nothing for good on that mount: a tap
 * could be lost (docs/benchmarks.md, "The options charts' first open, session 72").
 */
export type LaterPart<P extends object> = {
  /** Starts the download once (again after a failure); resolves when the code is here or the try failed. */
  preload: () => Promise<void>;
  /**
   * The part once its code is here (whether wanted or preloaded), else null; while `wanted` and not here, asks for it,
   * tries again after a failure and says `pending`.
   */
  useWanted: (wanted: boolean) => { Part: ComponentType<P> | null; pending: boolean };
};

export function laterPart<P extends object>(load: () => Promise<ComponentType<P>>): LaterPart<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const fetchPart = () => {
    loading ??= load().then(
      (Part) => {
        Loaded = Part;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const current = () => Loaded;

  function useWanted(wanted: boolean) {
    const Part = useSyncExternalStore(subscribe, current, current);
    const missing = wanted && Part === null;
    useEffect(() => {
      if (!missing) return;
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let trying = false;
      let wait = retryFirstMs;
      const attempt = () => {
        if (trying) return;
        trying = true;
        clearTimeout(timer);
        fetchPart().catch(() => {
          trying = false;
          if (stopped) return;
          timer = setTimeout(attempt, wait);
          wait = Math.min(wait * 2, retryMaxMs);
        });
      };
      window.addEventListener('online', attempt);
      attempt();
      return () => {
        stopped = true;
        clearTimeout(timer);
        window.removeEventListener('online', attempt);
      };
    }, [missing]);
    return { Part, pending: missing };
  }

  return { preload: () => fetchPart().catch(() => undefined), useWanted };
}

/**
 * The classes a button takes while its part is on its way (`aria-busy`): dimmed and a waiting cursor after a moment
 * (a part already here opens in the same frame, and one on its way for 0.3 s only would flicker).
 */
export const pendingClass = 'transition-opacity aria-busy:cursor-progress aria-busy:opacity-60 aria-busy:delay-300';
