import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useAtom } from 'jotai';
import { useIntl } from 'react-intl';
import XMarkIcon from '@heroicons/react/24/outline/XMarkIcon';
import { backdropClassName } from '@/components/ui/backdrop';
import { shellMessages } from '@/app/layouts/brand';
import { SettingsChoice } from '@/app/layouts/settings-choice';
import { settingsMessages as m } from '@/app/layouts/settings-messages';
import { deviceScheme, deviceTheme } from '@/lib/preferences/device-theme';
import { preferencesAtom, type Preferences } from '@/lib/preferences/preferences-atom';

/** The layout settings of spec §2: navigation type, collapsed navigation, theme, language, direction, nav colour. */
export function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const [preferences, setPreferences] = useAtom(preferencesAtom);
  const update = <K extends keyof Preferences>(key: K) => (value: Preferences[K]) =>
    setPreferences({ ...preferences, [key]: value });

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-40">
      <div className={backdropClassName} aria-hidden="true" data-backdrop />
      <DialogPanel className="fixed inset-y-0 end-0 flex w-[min(22rem,100vw)] flex-col bg-surface shadow-xl safe-area-px">
        <div className="flex h-header items-center justify-between border-b border-line px-4">
          <DialogTitle className="text-lg font-semibold">{t(m.title)}</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            className="inline-flex size-11 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted"
            aria-label={t(m.close)}
          >
            <XMarkIcon className="size-6" aria-hidden="true" />
          </button>
        </div>
        <div className="flex-1 space-y-6 overflow-y-auto p-4">
          <SettingsChoice
            legend={t(m.theme)}
            value={preferences.themeFromDevice ? 'device' : preferences.theme}
            // "As the device": the device's scheme now, kept in step after (device-theme.ts); a named theme ends that.
            onChange={(value) =>
              setPreferences(
                value === 'device'
                  ? { ...preferences, themeFromDevice: true, theme: deviceTheme(deviceScheme()) }
                  : { ...preferences, themeFromDevice: false, theme: value },
              )
            }
            options={[
              { value: 'light', label: t(m.light) },
              { value: 'dark', label: t(m.dark) },
              { value: 'device', label: t(m.device) },
            ]}
          />
          <SettingsChoice
            legend={t(m.language)}
            value={preferences.locale}
            onChange={update('locale')}
            options={[
              { value: 'en', label: t(shellMessages.english) },
              { value: 'fr', label: t(shellMessages.french) },
            ]}
          />
          <SettingsChoice
            legend={t(m.direction)}
            value={preferences.direction}
            onChange={update('direction')}
            options={[
              { value: 'ltr', label: t(m.ltr) },
              { value: 'rtl', label: t(m.rtl) },
            ]}
          />
          <SettingsChoice
            legend={t(m.navType)}
            value={preferences.navType}
            onChange={update('navType')}
            options={[
              { value: 'side', label: t(m.side) },
              { value: 'top', label: t(m.top) },
            ]}
          />
          <SettingsChoice
            legend={t(m.navCollapsed)}
            value={preferences.navCollapsed ? 'collapsed' : 'expanded'}
            onChange={(value) => update('navCollapsed')(value === 'collapsed')}
            options={[
              { value: 'expanded', label: t(m.expanded) },
              { value: 'collapsed', label: t(m.collapsed) },
            ]}
          />
          <SettingsChoice
            legend={t(m.topNavColor)}
            value={preferences.topNavColor}
            onChange={update('topNavColor')}
            options={[
              { value: 'blue', label: t(m.blue), swatch: 'blue' },
              { value: 'indigo', label: t(m.indigo), swatch: 'indigo' },
              { value: 'slate', label: t(m.slate), swatch: 'slate' },
              { value: 'teal', label: t(m.teal), swatch: 'teal' },
            ]}
          />
        </div>
      </DialogPanel>
    </Dialog>
  );
}
