import { defineMessages, useIntl } from 'react-intl';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SettingsPanel } from '@/features/settings/components/settings-panel';
import { sectionMessages } from '@/features/settings/settings-messages';
import { preferencesAtom } from '@/lib/preferences/preferences-atom';
import { useStoreSetter, useStoreValue } from '@/lib/use-store-atom';

const messages = defineMessages({
  description: { id: 'settings.accessibilityDescription', defaultMessage: 'What StrikeDesk says to a screen reader on this device.' },
  announce: { id: 'settings.announcePrices', defaultMessage: 'Announce the order ticket’s price to screen readers' },
  announceHint: {
    id: 'settings.announcePricesHint',
    defaultMessage: 'The contract’s last price, at most every 5 seconds and only when it changed. Kept on this device.',
  },
});

/**
 * Settings › Accessibility: device preferences (kept with the theme and language, read before the first
 * render) for screen-reader users. The order ticket's spoken price moved here from the ticket itself.
 */
export function AccessibilitySection() {
  const intl = useIntl();
  const preferences = useStoreValue(preferencesAtom);
  const setPreferences = useStoreSetter(preferencesAtom);
  return (
    <SettingsPanel title={intl.formatMessage(sectionMessages.accessibility)} description={intl.formatMessage(messages.description)}>
      <CheckboxField
        name="announcePrices"
        label={intl.formatMessage(messages.announce)}
        hint={intl.formatMessage(messages.announceHint)}
        checked={preferences.announcePrices}
        onChange={(checked) => setPreferences({ ...preferences, announcePrices: checked })}
      />
    </SettingsPanel>
  );
}
