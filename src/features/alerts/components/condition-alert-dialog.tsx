import BellAlertIcon from '@heroicons/react/24/outline/BellAlertIcon';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { laterPart, pendingClass } from '@/components/ui/later-part';
import type { ConditionSubject } from '@/features/alerts/components/condition-alert-form';
import { conditionMessages as m } from '@/features/alerts/condition-alert-messages';
import { parsePremiumLegs } from '@/lib/charts/premium-link';
import { whenPageIdle } from '@/lib/when-page-idle';
import { closeOfExpiryMs, sessionFactsAtom } from '@/lib/market/session-facts';
import { store } from '@/lib/store';

/** The earliest expiry the alert would watch (a premium's nearest leg), or null when its legs cannot be read. */
function earliestExpiry(subject: ConditionSubject): string | null {
  if (subject.kind === 'iv') return subject.expiry;
  const legs = parsePremiumLegs(subject.legs);
  return legs === null ? null : legs.map((leg) => leg.expiry).sort()[0]!;
}


// The dialog and its form: after the chart's first drawing (issue 61), or at the first press if that comes sooner.
const ConditionAlertModal = laterPart(() => import('@/features/alerts/components/condition-alert-modal').then((module) => module.ConditionAlertModal));

/**
 * The premium chart's and the IV chart's "Set an alert" button and its dialog: the alert is on what the chart
 * draws (its legs, or its index and expiry), and joins the price alerts' list.
 */
export function ConditionAlertButton({ subject, now = Date.now }: { subject: ConditionSubject; /** The clock (tests set it). */ now?: () => number }) {
  const intl = useIntl();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  // Once the screen is idle (its chart drawn), so that a press finds the dialog here.
  useEffect(() => whenPageIdle(() => void ConditionAlertModal.preload()), []);
  // Pressed before the dialog's code is here: it opens as the code arrives, the button waiting meanwhile.
  const { Part: Modal, pending } = ConditionAlertModal.useWanted(open);
  const facts = useAtomValue(sessionFactsAtom, { store });
  const expiry = earliestExpiry(subject);
  // The server refuses an alert on an expiry that is over (from its day's close, as the server describes it):
  // say so where the button would be, not after a form.
  if (expiry !== null && now() >= closeOfExpiryMs(facts, expiry)) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="condition-alert-over">
        <button
          type="button"
          disabled
          aria-describedby={reasonId}
          className="inline-flex min-h-11 cursor-not-allowed items-center gap-2 self-start rounded-md border border-line px-3 text-sm font-medium text-fg-muted opacity-60"
        >
          <BellAlertIcon aria-hidden="true" className="size-5" />
          {intl.formatMessage(subject.kind === 'premium' ? m.openPremium : m.openIv)}
        </button>
        <p id={reasonId} className="text-sm text-fg-muted">
          {intl.formatMessage(m.expiryOver)}
        </p>
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-busy={pending || undefined}
        className={`inline-flex min-h-11 items-center gap-2 self-start rounded-md border border-line px-3 text-sm font-medium hover:bg-surface-muted ${pendingClass}`}
      >
        <BellAlertIcon aria-hidden="true" className="size-5" />
        {intl.formatMessage(subject.kind === 'premium' ? m.openPremium : m.openIv)}
      </button>
      {open && Modal && <Modal subject={subject} onClose={() => setOpen(false)} />}
    </>
  );
}
