/**
 * The notification stack of spec §9, placed where it hides nothing the trader is reading:
 * - from 576 px, top inline-end (top-right in LTR, mirrored in RTL) below the header and the top
 *   navigation bar (--toaster-top, set by the layout), as the spec says: page titles and text start at the
 *   inline-start edge, so the corner they leave is free;
 * - on phones, at the bottom edge (above the home indicator), where a full-width toast covers no page
 *   title or dialog text, and only the newest shows: older ones wait underneath until it closes; the page
 *   keeps room under it (reserve-bottom.ts) so nothing a trader acts on stays hidden;
 * Newest last. Errors are alerts (assertive); the rest are statuses in a polite live region. Mount once,
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
  // On a phone the toast sits at the bottom: the page keeps room under it (a builder's last leg, a
  // position's Square off scroll above it). From 576 px it sits at the top corner and reserves nothing.
  const stack = useRef<HTMLElement | null>(null);
  useReservedBottom(stack, 'toaster');
  return (
    <section
      ref={stack}
      aria-label={intl.formatMessage(toasterMessages.region)}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 px-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:start-auto sm:end-0 sm:bottom-auto sm:top-[var(--toaster-top,calc(var(--spacing-header)+0.5rem))] sm:w-full sm:max-w-sm sm:pb-0"
    >
      <div aria-live="polite" aria-relevant="additions" className="flex flex-col gap-2 max-sm:[&>*:not(:last-child)]:hidden">
        {notifications.map((notification) => (
          <ToasterItem key={notification.id} notification={notification} onDismiss={dismissNotification} />
        ))}
      </div>
    </section>
  );
}
