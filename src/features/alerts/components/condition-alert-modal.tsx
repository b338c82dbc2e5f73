import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { Modal } from '@/components/ui/modal';
import { createConditionAlert, type ConditionAlertCreate } from '@/features/alerts/api/alert-calls';
import { ConditionAlertForm, type ConditionSubject } from '@/features/alerts/components/condition-alert-form';
import { conditionMessages as m } from '@/features/alerts/condition-alert-messages';
import { legsInWords } from '@/features/alerts/model/condition-words';
import { priceAlertsStampAtom } from '@/features/alerts/model/price-alerts-stamp';
import { useFormat } from '@/lib/format/use-format';

/**
 * The "Set an alert" dialog of the premium and IV charts (condition-alert-dialog.tsx opens it): loaded at the
 * button's first press or once the chart has drawn, so neither its form nor the dialog's code is downloaded
 * and run before the chart's first drawing (issue 61).
 */
export function ConditionAlertModal({ subject, onClose }: { subject: ConditionSubject; onClose: () => void }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const words = subject.kind === 'premium' ? legsInWords(subject.legs) : intl.formatMessage(m.ivSubject, { index: subject.index, expiry: formatDate(subject.expiry) });
  const setStamp = useSetAtom(priceAlertsStampAtom);
  const create = async (body: ConditionAlertCreate) => {
    await createConditionAlert(body);
    setStamp((value) => value + 1);
  };
  return (
    <Modal onClose={onClose} title={intl.formatMessage(subject.kind === 'premium' ? m.premiumTitle : m.ivTitle)} description={words}>
      <ConditionAlertForm subject={subject} words={words} onCreate={create} onCreated={onClose} />
    </Modal>
  );
}
