import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isIosSafari, isStandalone, promptInstall } from '@/app/pwa/install-actions';
import { listenForInstallPrompt } from '@/app/pwa/install-prompt';
import { installPromptAtom } from '@/app/pwa/install-prompt-atom';
import { store } from '@/lib/store';

function installPromptEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  return Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
}

let stopListening: (() => void) | undefined;

beforeEach(() => {
  store.set(installPromptAtom, null);
  stopListening = listenForInstallPrompt();
});

afterEach(() => stopListening?.());

describe('capturing the install prompt', () => {
  it('keeps the deferred prompt and suppresses the browser mini-infobar', () => {
    const event = installPromptEvent();
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.get(installPromptAtom)).toBe(event);
  });

  it('forgets the prompt once the app is installed', () => {
    window.dispatchEvent(installPromptEvent());
    window.dispatchEvent(new Event('appinstalled'));
    expect(store.get(installPromptAtom)).toBeNull();
  });

  it('ignores an event that cannot prompt', () => {
    window.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true }));
    expect(store.get(installPromptAtom)).toBeNull();
  });

  it('stops listening when asked', () => {
    stopListening?.();
    window.dispatchEvent(installPromptEvent());
    expect(store.get(installPromptAtom)).toBeNull();
  });

  it('prompts once, reports the answer and drops the used event', async () => {
    const event = installPromptEvent('dismissed');
    window.dispatchEvent(event);
    await expect(promptInstall()).resolves.toBe('dismissed');
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(store.get(installPromptAtom)).toBeNull();
    await expect(promptInstall()).resolves.toBe('unavailable');
  });

  it('treats a refused prompt as unavailable', async () => {
    const event = installPromptEvent();
    event.prompt.mockRejectedValueOnce(new DOMException('already used', 'InvalidStateError'));
    window.dispatchEvent(event);
    await expect(promptInstall()).resolves.toBe('unavailable');
  });
});

const ua = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  iphoneWebView: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
};

describe('platform checks', () => {
  it('recognises Safari on iPhone and on iPad (which reports a Mac with a touch screen)', () => {
    expect(isIosSafari({ userAgent: ua.iphoneSafari, maxTouchPoints: 5 })).toBe(true);
    expect(isIosSafari({ userAgent: ua.macSafari, maxTouchPoints: 5 })).toBe(true);
  });

  it('rejects other iOS browsers, in-app web views, desktop Safari and Android', () => {
    expect(isIosSafari({ userAgent: ua.iphoneChrome, maxTouchPoints: 5 })).toBe(false);
    expect(isIosSafari({ userAgent: ua.iphoneWebView, maxTouchPoints: 5 })).toBe(false);
    expect(isIosSafari({ userAgent: ua.macSafari, maxTouchPoints: 0 })).toBe(false);
    expect(isIosSafari({ userAgent: ua.androidChrome, maxTouchPoints: 5 })).toBe(false);
  });

  it('detects standalone mode from the display-mode media query or iOS navigator.standalone', () => {
    const fakeWindow = (matches: boolean, standalone?: boolean) => ({
      matchMedia: (query: string) => ({ matches: matches && query === '(display-mode: standalone)' }),
      navigator: standalone === undefined ? {} : { standalone },
    });
    expect(isStandalone(fakeWindow(true))).toBe(true);
    expect(isStandalone(fakeWindow(false, true))).toBe(true);
    expect(isStandalone(fakeWindow(false, false))).toBe(false);
    expect(isStandalone(fakeWindow(false))).toBe(false);
    // jsdom has no matchMedia at all: not standalone, and no crash.
    expect(isStandalone(window)).toBe(false);
  });
});
