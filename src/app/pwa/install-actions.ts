/**
 * What the header's install button does with the prompt install-prompt.ts parked: kept apart from that
 * listener, which boot loads first thing, so none of this is in the first visit's entry.
 */
import { installPromptAtom } from '@/app/pwa/install-prompt-atom';
import { store } from '@/lib/store';

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

/** Shows the browser's install dialog. The event works once, so it is cleared whatever the answer. */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = store.get(installPromptAtom);
  if (!event) return 'unavailable';
  store.set(installPromptAtom, null);
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    return outcome;
  } catch {
    // The browser refused (the event was already used, say): nothing to offer any more.
    return 'unavailable';
  }
}

type NavigatorLike = Pick<Navigator, 'userAgent' | 'maxTouchPoints'>;

/** Safari on iPhone or iPad (iPadOS reports a Mac user agent, but a Mac has no touch screen). */
export function isIosSafari(nav: NavigatorLike = navigator): boolean {
  const ua = nav.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1);
  // Other iOS browsers and in-app web views name themselves; in-app views also lack "Safari/".
  const safari = /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|YaBrowser|DuckDuckGo/.test(ua);
  return ios && safari;
}

type WindowLike = { matchMedia?: (query: string) => { matches: boolean }; navigator: object };

/** True when running as an installed app (home-screen launch). */
export function isStandalone(win: WindowLike = window): boolean {
  const displayMode = typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches;
  const nav = win.navigator;
  const iosStandalone = 'standalone' in nav && nav.standalone === true;
  return displayMode || iosStandalone;
}
