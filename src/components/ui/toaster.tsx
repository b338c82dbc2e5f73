/**
 * The notification stack of spec §9, placed where it hides nothing the trader is reading:
 * - at the bottom edge, inline-end from 576 px (bottom-right in LTR, mirrored in RTL) and full width on
 *   phones, newest last; the page keeps room under it (reserve-bottom.ts), so whatever it covers scrolls
 *   above it. The spec's top-right corner was left (issue 24): a toast there covered the strategy builder's
 *   last leg once scrolled into view, and no room can be made for an overlay at the top of the screen;
 * - on phones only the newest shows, from 576 px the newest three: older ones wait underneath until one
 *   closes, so the room the page keeps stays small.
 * Errors are alerts (assertive); the rest are statuses in a polite live region. Mount once,
 * inside the I18nProvider, so texts are formatted (and re-translated) at render time.
 */
import { useAtomValue } from 'jotai';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { ToasterItem } from '@/components/ui/toaster-item';
import { toasterMessages } from '@/components/ui/toaster-messages';
import { useReservedBottom } from '@/lib/layout/reserve-bottom';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { dismissNotification } from '@/lib/notify/notify';
import { store } from '@/lib/store';

export function Toaster() {
  const intl = useIntl();
  // Read from the app's one store explicitly, so notify() calls made outside React always show here.
  const notifications = useAtomValue(notificationsAtom, { store });
  // The stack sits at the bottom: the page keeps room under it (a builder's last leg, a position's Square
  // off scroll above it), at every width.
  const stack = useRef<HTMLElement | null>(null);
  useReservedBottom(stack, 'toaster');
  return (
    <section
      ref={stack}
      aria-label={intl.formatMessage(toasterMessages.region)}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 px-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:start-auto sm:end-0 sm:w-full sm:max-w-sm sm:pe-4"
    >
      <div aria-live="polite" aria-relevant="additions" className="flex flex-col gap-2 max-sm:[&>*:not(:last-child)]:hidden sm:[&>*:nth-last-child(n+4)]:hidden">
        {notifications.map((notification) => (
          <ToasterItem key={notification.id} notification={notification} onDismiss={dismissNotification} />
        ))}
      </div>
    </section>
  );
}
