// jotai/vanilla, not jotai: this module is in the first visit's entry (tests/unit/app/first-visit-entry-imports.test.ts).
import { atom } from 'jotai/vanilla';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings): it can show the install dialog once. */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
};

/** The deferred install prompt, while the browser offers to install the app; null otherwise. */
export const installPromptAtom = atom<BeforeInstallPromptEvent | null>(null);
