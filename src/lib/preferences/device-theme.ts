// jotai/vanilla, not jotai: boot.tsx, in the first visit's entry, starts this (tests/unit/app/first-visit-entry-imports.test.ts).
import type { getDefaultStore } from 'jotai/vanilla';
import { preferencesAtom, type ThemeName } from '@/lib/preferences/preferences-atom';

type Store = ReturnType<typeof getDefaultStore>;
/** The part of a MediaQueryList this reads (a test passes its own). */
export type DeviceScheme = Pick<MediaQueryList, 'matches' | 'addEventListener'>;

/** The device's light or dark setting, where the browser says it (not in every test environment). */
export function deviceScheme(): DeviceScheme | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;
}

/** The theme the device asks for (light where it does not say). */
export function deviceTheme(scheme: DeviceScheme | undefined): ThemeName {
  return scheme?.matches === true ? 'dark' : 'light';
}

/**
 * While the trader chose "As the device" (themeFromDevice), keeps the theme the device's: at once, and again
 * whenever the phone or computer switches between light and dark (at dusk, say). A theme chosen by name
 * (Light, Dark, or the sign-in page's switch) turns it off.
 */
export function followDeviceTheme(store: Store, scheme: DeviceScheme | undefined): void {
  if (scheme === undefined) return;
  const follow = () => {
    const preferences = store.get(preferencesAtom);
    if (!preferences.themeFromDevice) return;
    const theme = deviceTheme(scheme);
    if (preferences.theme !== theme) store.set(preferencesAtom, { ...preferences, theme });
  };
  follow();
  scheme.addEventListener('change', follow);
  store.sub(preferencesAtom, follow);
}
