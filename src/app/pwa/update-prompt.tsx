import { useAtom } from 'jotai';
import { useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import ArrowPathIcon from '@heroicons/react/24/outline/ArrowPathIcon';
import { updateAvailableAtom } from '@/app/pwa/update-available-atom';
import { useReservedBottom } from '@/lib/layout/reserve-bottom';

const messages = defineMessages({
  available: { id: 'pwa.update.available', defaultMessage: 'A new version of StrikeDesk is available.' },
  detail: {
    id: 'pwa.update.detail',
    defaultMessage: 'Reload when it suits you: your session and open orders are not affected.',
  },
  reload: { id: 'pwa.update.reload', defaultMessage: 'Reload' },
  reloading: { id: 'pwa.update.reloading', defaultMessage: 'Updating…' },
  later: { id: 'pwa.update.later', defaultMessage: 'Later' },
});

/**
 * A non-blocking offer to switch to the new version. Never forced: a reload mid-session could interrupt
 * an order, so the trader chooses the moment ("Later" hides it until the next launch).
 */
export function UpdatePrompt() {
  const intl = useIntl();
  const [available, setAvailable] = useAtom(updateAvailableAtom);
  const [reloading, setReloading] = useState(false);
  // The offer stays until the trader answers: the page keeps room under it, so nothing stays hidden.
  const offer = useRef<HTMLDivElement | null>(null);
  useReservedBottom(offer, 'update-prompt');

  const handleReload = () => {
    setReloading(true);
    // Loaded at boot already (see boot.tsx): this resolves at once.
    void import('@/app/pwa/register-service-worker').then((worker) => worker.acceptUpdate());
  };

  return (
    // The live region stays mounted so screen readers announce the message when it appears.
    <div
      ref={offer}
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] md:justify-end md:px-6"
    >
      {available && (
        <div className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border border-line bg-surface-raised p-4 text-fg shadow-lg">
          <ArrowPathIcon className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{intl.formatMessage(messages.available)}</p>
            <p className="mt-1 text-sm text-fg-muted">{intl.formatMessage(messages.detail)}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                onClick={handleReload}
                disabled={reloading}
                className="min-h-11 rounded-md bg-brand px-4 text-sm font-semibold text-brand-fg hover:opacity-90 disabled:opacity-60"
              >
                {intl.formatMessage(reloading ? messages.reloading : messages.reload)}
              </button>
              <button
                type="button"
                onClick={() => setAvailable(false)}
                disabled={reloading}
                className="min-h-11 rounded-md border border-line px-4 text-sm font-semibold text-fg hover:bg-surface-muted disabled:opacity-60"
              >
                {intl.formatMessage(messages.later)}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
