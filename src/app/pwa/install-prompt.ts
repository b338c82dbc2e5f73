/**
 * Install support. Chromium fires `beforeinstallprompt` once, early, and only to listeners already in
 * place, so `listenForInstallPrompt()` runs first thing at boot and parks the event in a Jotai atom for
 * InstallButton. iOS Safari has no such event: the trader adds the app from the Share sheet instead.
 */
import { installPromptAtom, type BeforeInstallPromptEvent } from '@/app/pwa/install-prompt-atom';
import { store } from '@/lib/store';

function isBeforeInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function';
}

/** Starts capturing the install prompt; returns a function that stops listening. */
export function listenForInstallPrompt(target: Window = window): () => void {
  const handleBeforeInstallPrompt = (event: Event) => {
    if (!isBeforeInstallPromptEvent(event)) return;
    // Keeps the browser's own mini-infobar away: the app offers installation in its header instead.
    event.preventDefault();
    store.set(installPromptAtom, event);
  };
  const handleAppInstalled = () => store.set(installPromptAtom, null);

  target.addEventListener('beforeinstallprompt', handleBeforeInstallPrompt);
  target.addEventListener('appinstalled', handleAppInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', handleBeforeInstallPrompt);
    target.removeEventListener('appinstalled', handleAppInstalled);
  };
}
