import type { PersistBinding } from '@/lib/persist/persist-atom';
import {
  DEFAULT_PREFERENCES,
  preferencesAtom,
  type Preferences,
} from '@/lib/preferences/preferences-atom';

export const PREFERENCES_KEY = 'preferences';
const PREFERENCES_VERSION = 1;

const allowed: { [K in keyof Preferences]: readonly Preferences[K][] } = {
  navType: ['side', 'top'],
  navCollapsed: [true, false],
  theme: ['light', 'dark'],
  themeFromDevice: [true, false],
  locale: ['en', 'fr'],
  direction: ['ltr', 'rtl'],
  topNavColor: ['blue', 'indigo', 'slate', 'teal'],
  announcePrices: [true, false],
};

/**
 * Keeps each valid stored field and falls back to the default for the others (a field added later, such as
 * announcePrices, reads as its default from an older copy); a wrong version is corrupt.
 */
export function parsePreferences(raw: unknown): Preferences | undefined {
  if (typeof raw !== 'object' || raw === null || !('version' in raw) || raw.version !== PREFERENCES_VERSION) {
    return undefined;
  }
  const stored = raw as Record<string, unknown>;
  const pick = <K extends keyof Preferences>(key: K): Preferences[K] => {
    const value = stored[key];
    return (allowed[key] as readonly unknown[]).includes(value) ? (value as Preferences[K]) : DEFAULT_PREFERENCES[key];
  };
  return {
    navType: pick('navType'),
    navCollapsed: pick('navCollapsed'),
    theme: pick('theme'),
    themeFromDevice: pick('themeFromDevice'),
    locale: pick('locale'),
    direction: pick('direction'),
    topNavColor: pick('topNavColor'),
    announcePrices: pick('announcePrices'),
  };
}

export const preferencesBinding: PersistBinding<Preferences> = {
  key: PREFERENCES_KEY,
  atom: preferencesAtom,
  parse: parsePreferences,
  serialize: (preferences) => ({ version: PREFERENCES_VERSION, ...preferences }),
};
