import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { deleteConditionAlert, getConditionAlerts } from '@/features/alerts/api/alert-calls';
import { priceAlertsStampAtom } from '@/features/alerts/model/price-alerts-stamp';
import { useLastKnownRead } from '@/lib/persist/use-last-known-read';

/**
 * The trader's premium and IV alerts, read as the price alerts are (use-price-alerts.ts): again when one fires or
 * is made on a chart (priceAlertsStampAtom), the list last read shown offline with its time.
 */
export function useConditionAlerts() {
  const changedElsewhere = useAtomValue(priceAlertsStampAtom);
  // A new read function when an alert changed elsewhere: useLastKnownRead reads again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const read = useCallback(() => getConditionAlerts(), [changedElsewhere]);
  const { value: list, asOf, failed, reload } = useLastKnownRead('alerts:condition', read);

  const remove = async (id: number) => {
    await deleteConditionAlert(id);
    reload();
  };

  return { list, asOf, failed, reload, remove };
}
