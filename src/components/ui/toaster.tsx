/**
 * The notification stack of spec §9: top inline-end (top-right in LTR, mirrored in RTL), under the
 * header, newest last. Errors are alerts (assertive); the rest are statuses in a polite live region.
 * Mount once, inside the I18nProvider, so texts are formatted (and re-translated) at render time.
 */
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { ToasterItem } from '@/components/ui/toaster-item';
import { toasterMessages } from '@/components/ui/toaster-messages';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { dismissNotification } from '@/lib/notify/notify';
import { store } from '@/lib/store';

export function Toaster() {
  const intl = useIntl();
  // Read from the app's one store explicitly, so notify() calls made outside React always show here.
  const notifications = useAtomValue(notificationsAtom, { store });
  return (
    <section
      aria-label={intl.formatMessage(toasterMessages.region)}
      className="pointer-events-none fixed end-0 top-[calc(var(--spacing-header)+0.5rem)] z-50 w-full max-w-sm px-2"
    >
      <div aria-live="polite" aria-relevant="additions" className="flex flex-col gap-2">
        {notifications.map((notification) => (
          <ToasterItem key={notification.id} notification={notification} onDismiss={dismissNotification} />
        ))}
      </div>
    </section>
  );
}
