import type { Preferences } from '@/lib/preferences/preferences-atom';

/**
 * Reflects preferences on the document: theme on <html>, direction on <body> (spec §2) and <html>.
 * The `lang` attribute is set by the i18n provider, which knows the language actually on screen.
 */
export function applyPreferencesToDocument(preferences: Preferences, doc: Document = document): void {
  doc.documentElement.dataset.theme = preferences.theme;
  doc.documentElement.dataset.topnav = preferences.topNavColor;
  doc.documentElement.dir = preferences.direction;
  doc.body.dir = preferences.direction;
  const themeColor = doc.querySelector('meta[name="theme-color"]');
  themeColor?.setAttribute('content', preferences.theme === 'dark' ? '#0f1420' : '#1d4ed8');
}
