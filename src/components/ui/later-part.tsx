import { lazy, Suspense, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

type LaterProps = {
  /** What shows while the part is not here (the same button, say); nothing by default. */
  fallback?: ReactNode;
  /**
   * Shows the fallback until the part has been loaded by `preload` (after the first drawing) instead of asking for it
   * now: for a part always on screen whose download should not come before the screen's own.
   */
  wait?: boolean;
};

/** A part loaded after the first drawing or when first shown (app/layouts/shell-parts.tsx); `preload` starts it. */
export type LaterPart<P extends object> = ComponentType<P & LaterProps> & { preload: () => Promise<unknown> };

const Nothing = () => null;

/**
 * A part of the shell (a dialog, a menu, the replay bar) as its own chunk, so that its code is neither downloaded
 * nor run before a screen's first drawing (issue 61: on a phone's slower CPU the shell's file was most of the
 * work before a chart could draw). One download at a time; a failed one (offline before the service worker has
 * the file) shows nothing, and the next showing tries again (React.lazy alone would keep the failure for ever).
 */
export function laterPart<P extends object>(load: () => Promise<ComponentType<P>>): LaterPart<P> {
  const current: { loading: Promise<ComponentType<P>> | null; Loaded: ComponentType<P> | null } = { loading: null, Loaded: null };
  const listeners = new Set<() => void>();
  const fetchPart = () => {
    current.loading ??= load().then(
      (Part) => {
        current.Loaded = Part;
        for (const listener of listeners) listener();
        return Part;
      },
      (error: unknown) => {
        current.loading = null;
        // Shown as nothing this time; a fresh lazy component makes the next showing fetch again.
        shared = makeLazy();
        throw error;
      },
    );
    return current.loading;
  };
  const makeLazy = () => lazy(() => fetchPart().then((Part) => ({ default: Part }), () => ({ default: Nothing as ComponentType<P> })));
  let shared = makeLazy();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const isLoaded = () => current.Loaded !== null;

  function Shown(props: P & { fallback: ReactNode }) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded part later would remount it (an open
    // dialog would lose its focus and its state).
    const [Part] = useState<ComponentType<P>>(() => current.Loaded ?? shared);
    const { fallback, ...own } = props;
    return (
      <Suspense fallback={fallback}>
        <Part {...(own as P)} />
      </Suspense>
    );
  }

  function Later({ fallback = null, wait = false, ...props }: P & LaterProps) {
    const loaded = useSyncExternalStore(subscribe, isLoaded, isLoaded);
    if (wait && !loaded) return fallback;
    return <Shown {...(props as P)} fallback={fallback} />;
  }
  return Object.assign(Later, { preload: () => fetchPart().catch(() => undefined) });
}
