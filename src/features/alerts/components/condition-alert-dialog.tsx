import BellAlertIcon from '@heroicons/react/24/outline/BellAlertIcon';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Modal } from '@/components/ui/modal';
import { createConditionAlert, type ConditionAlertCreate } from '@/features/alerts/api/alert-calls';
import { ConditionAlertForm, type ConditionSubject } from '@/features/alerts/components/condition-alert-form';
import { conditionMessages as m } from '@/features/alerts/condition-alert-messages';
import { legsInWords } from '@/features/alerts/model/condition-words';
import { priceAlertsStampAtom } from '@/features/alerts/model/price-alerts-stamp';
import { useFormat } from '@/lib/format/use-format';

/**
 * The premium chart's and the IV chart's "Set an alert" button and its dialog: the alert is on what the chart
 * draws (its legs, or its index and expiry), and joins the price alerts' list.
 */
export function ConditionAlertButton({ subject }: { subject: ConditionSubject }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const [open, setOpen] = useState(false);
  const words = subject.kind === 'premium' ? legsInWords(subject.legs) : intl.formatMessage(m.ivSubject, { index: subject.index, expiry: formatDate(subject.expiry) });
  const setStamp = useSetAtom(priceAlertsStampAtom);
  const create = async (body: ConditionAlertCreate) => {
    await createConditionAlert(body);
    setStamp((value) => value + 1);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 items-center gap-2 self-start rounded-md border border-line px-3 text-sm font-medium hover:bg-surface-muted"
      >
        <BellAlertIcon aria-hidden="true" className="size-5" />
        {intl.formatMessage(subject.kind === 'premium' ? m.openPremium : m.openIv)}
      </button>
      {open && (
        <Modal onClose={() => setOpen(false)} title={intl.formatMessage(subject.kind === 'premium' ? m.premiumTitle : m.ivTitle)} description={words}>
          <ConditionAlertForm subject={subject} words={words} onCreate={create} onCreated={() => setOpen(false)} />
        </Modal>
      )}
    </>
  );
}
