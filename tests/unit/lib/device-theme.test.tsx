// Issue 62, "the app ignores the phone's dark setting": Layout settings › Theme › "As the device" follows the
// phone's light or dark setting, at once and when it changes (at dusk); a theme chosen by name stops following.
// The default stays light whatever the device says (spec: default theme light).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai/vanilla';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { SettingsPanel } from '@/app/layouts/settings-panel';
import { followDeviceTheme, type DeviceScheme } from '@/lib/preferences/device-theme';
import { DEFAULT_PREFERENCES, preferencesAtom } from '@/lib/preferences/preferences-atom';
import { parsePreferences } from '@/lib/preferences/preferences-persistence';
import { store } from '@/lib/store';

/** A device whose scheme the test switches, telling its listeners as a MediaQueryList does. */
function device(dark: boolean) {
  const listeners: Array<() => void> = [];
  const scheme = {
    matches: dark,
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  } as unknown as DeviceScheme & { matches: boolean };
  return {
    scheme,
    switchTo(next: boolean) {
      scheme.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('the theme as the device', () => {
  it('is off by default: a dark phone opens the app light', () => {
    const store = createStore();
    followDeviceTheme(store, device(true).scheme);
    expect(store.get(preferencesAtom)).toMatchObject({ theme: 'light', themeFromDevice: false });
  });

  it('once chosen, takes the device’s scheme at once and follows it both ways', () => {
    const store = createStore();
    const phone = device(true);
    store.set(preferencesAtom, { ...DEFAULT_PREFERENCES, themeFromDevice: true });
    followDeviceTheme(store, phone.scheme);
    expect(store.get(preferencesAtom).theme).toBe('dark');
    phone.switchTo(false);
    expect(store.get(preferencesAtom).theme).toBe('light');
    phone.switchTo(true);
    expect(store.get(preferencesAtom).theme).toBe('dark');
  });

  it('stops following once a theme is chosen by name', () => {
    const store = createStore();
    const phone = device(false);
    store.set(preferencesAtom, { ...DEFAULT_PREFERENCES, themeFromDevice: true });
    followDeviceTheme(store, phone.scheme);
    store.set(preferencesAtom, { ...store.get(preferencesAtom), themeFromDevice: false, theme: 'light' });
    phone.switchTo(true);
    expect(store.get(preferencesAtom).theme).toBe('light');
  });

  it('is kept across reloads, and an older stored copy without it reads as off', () => {
    expect(parsePreferences({ version: 1, ...DEFAULT_PREFERENCES, themeFromDevice: true })).toMatchObject({ themeFromDevice: true });
    const { themeFromDevice: _left, ...older } = DEFAULT_PREFERENCES;
    expect(parsePreferences({ version: 1, ...older, theme: 'dark' })).toMatchObject({ theme: 'dark', themeFromDevice: false });
  });
});

describe('the settings panel’s "As the device"', () => {
  it('turns following on, and a named theme turns it off (jsdom has no matchMedia: read as light)', async () => {
    store.set(preferencesAtom, { ...DEFAULT_PREFERENCES, theme: 'dark' });
    const user = userEvent.setup();
    const view = render(
      <IntlProvider locale="en" defaultLocale="en">
        <SettingsPanel open onClose={() => undefined} />
      </IntlProvider>,
    );
    await user.click(screen.getByRole('radio', { name: 'As the device' }));
    expect(store.get(preferencesAtom)).toMatchObject({ themeFromDevice: true, theme: 'light' });
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(store.get(preferencesAtom)).toMatchObject({ themeFromDevice: false, theme: 'dark' });
    view.unmount();
    store.set(preferencesAtom, DEFAULT_PREFERENCES);
  });
});
