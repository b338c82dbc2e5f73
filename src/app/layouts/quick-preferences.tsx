import { defineMessages, useIntl } from 'react-intl';
import MoonIcon from '@heroicons/react/24/outline/MoonIcon';
import SunIcon from '@heroicons/react/24/outline/SunIcon';
import { shellMessages } from '@/app/layouts/brand';
import { preferencesAtom } from '@/lib/preferences/preferences-atom';
import { useStoreSetter, useStoreValue } from '@/lib/use-store-atom';

const messages = defineMessages({
  language: { id: 'app.quickPreferences.language', defaultMessage: 'Language' },
  dark: { id: 'app.quickPreferences.dark', defaultMessage: 'Use dark theme' },
  light: { id: 'app.quickPreferences.light', defaultMessage: 'Use light theme' },
});

/** Language and theme switches for signed-out pages; the full settings panel lives in the app shell. */
export function QuickPreferences() {
  const intl = useIntl();
  const preferences = useStoreValue(preferencesAtom);
  const setPreferences = useStoreSetter(preferencesAtom);
  const dark = preferences.theme === 'dark';
  const ThemeIcon = dark ? SunIcon : MoonIcon;
  return (
    <div className="flex items-center gap-1">
      <select
        aria-label={intl.formatMessage(messages.language)}
        value={preferences.locale}
        onChange={(event) => setPreferences({ ...preferences, locale: event.target.value === 'fr' ? 'fr' : 'en' })}
        className="min-h-11 rounded-md border border-line bg-surface px-2 text-sm"
      >
        <option value="en">{intl.formatMessage(shellMessages.english)}</option>
        <option value="fr">{intl.formatMessage(shellMessages.french)}</option>
      </select>
      <button
        type="button"
        onClick={() => setPreferences({ ...preferences, theme: dark ? 'light' : 'dark', themeFromDevice: false })}
        aria-label={intl.formatMessage(dark ? messages.light : messages.dark)}
        className="inline-flex size-11 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted"
      >
        <ThemeIcon className="size-6" aria-hidden="true" />
      </button>
    </div>
  );
}
