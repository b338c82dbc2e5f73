// jotai/vanilla, not jotai: this module is in the first visit's entry (tests/unit/app/first-visit-entry-imports.test.ts).
import { atom } from 'jotai/vanilla';
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LoadedWhenOnline } from '@/app/loaded-when-online';
import { PublicPages } from '@/app/public-pages';
import { updateAvailableAtom } from '@/app/pwa/update-available-atom';
import { lazyScreen } from '@/app/router/lazy-screen';
import { I18nProvider } from '@/i18n/i18n-provider';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { preferencesAtom } from '@/lib/preferences/preferences-atom';
import { isSignedInAtom } from '@/lib/session/auth-atoms';
import { useStoreValue } from '@/lib/use-store-atom';

/** The app under its router, every screen behind it: a chunk of its own, which a first visit does not load. */
export const RouterScreen = lazyScreen('app', () => import('@/app/router/app-router').then((module) => module.RouterApp));

/** What boot starts with: the public pages without a router (a signed-out visitor there), or the app. */
export type AppStart = 'public' | 'app';

// Neither is needed to paint the first screen (notifications wait in their atom; an update is offered
// long after start), so they load once it has been painted instead of before it, and on the public pages
// only once they may be needed (see Overlays).
const lazyToaster = () => lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));
const lazyUpdatePrompt = () => lazy(() => import('@/app/pwa/update-prompt').then((module) => ({ default: module.UpdatePrompt })));

type AppProps = {
  start: AppStart;
  /** Called once the first screen has been committed and painted: what boot leaves until then starts here. */
  onFirstCommit?: () => void;
};

/** Runs `run` once the browser has painted the next frame: a timer set from inside the frame's callback. */
function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Shows its children once the first screen has been painted (not merely committed: effects run before the
 * paint), so their downloads and work never delay it.
 */
function AfterFirstPaint({ children, onFirstCommit }: { children: ReactNode; onFirstCommit: (() => void) | undefined }) {
  const [painted, setPainted] = useState(false);
  useEffect(
    () =>
      afterNextPaint(() => {
        setPainted(true);
        onFirstCommit?.();
      }),
    [onFirstCommit],
  );
  return painted ? children : null;
}

/** Set by boot once the trader is signed in or acts: from then on an action may be answered by a toast. */
export const overlaysWantedAtom = atom(false);

/**
 * The toasts and the update offer. A first visit that only looks at the sign-in page needs neither (their
 * files would be a third of its requests), so they are mounted once the trader is signed in or acts (before
 * anything an action answers with a toast, so the live region is in place when the first one arrives), or
 * one of them has something to show; then they stay.
 */
function Overlays() {
  const wanted = useStoreValue(overlaysWantedAtom);
  const notified = useStoreValue(notificationsAtom).length > 0;
  const updateAvailable = useStoreValue(updateAvailableAtom);
  if (!wanted && !notified && !updateAvailable) return null;
  return <LoadedWhenOnline>{(attempt) => <OverlayParts key={attempt} />}</LoadedWhenOnline>;
}

/** The overlays' files, fetched anew on each mount (LoadedWhenOnline mounts another after a failure). */
function OverlayParts() {
  const [Toaster, UpdatePrompt] = useMemo(() => [lazyToaster(), lazyUpdatePrompt()], []);
  return (
    <Suspense fallback={null}>
      <Toaster />
      <UpdatePrompt />
    </Suspense>
  );
}

/**
 * The public pages until the visitor signs in (or Back leads to an address of the app's), then the app's
 * router for good: it takes the trader on to where they were going (the public guard). The signed-in form
 * stays on screen until the router's files have arrived (boot starts them at the visitor's first input).
 */
function Screens({ start }: { start: AppStart }) {
  const signedIn = useStoreValue(isSignedInAtom);
  const [routed, setRouted] = useState(start === 'app');
  // Loaded first: the router's own Suspense boundary is new, and would show its loading state in place of the form.
  const route = useCallback(() => void RouterScreen.preload().catch(() => undefined).then(() => startTransition(() => setRouted(true))), []);
  useEffect(() => {
    if (signedIn && !routed) route();
  }, [signedIn, routed, route]);
  return routed ? <RouterScreen /> : <PublicPages onElsewhere={route} />;
}

// No jotai Provider: the app's store is Jotai's default store (lib/store.ts), which every hook uses without one.
export function App({ start, onFirstCommit }: AppProps) {
  const { locale } = useStoreValue(preferencesAtom);
  return (
    <I18nProvider locale={locale}>
      <Screens start={start} />
      <AfterFirstPaint onFirstCommit={onFirstCommit}>
        <Overlays />
      </AfterFirstPaint>
    </I18nProvider>
  );
}
