import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { deleteConditionAlert, getConditionAlerts, type ConditionAlert } from '@/features/alerts/api/alert-calls';
import { priceAlertsStampAtom } from '@/features/alerts/model/price-alerts-stamp';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { useLastKnown } from '@/lib/persist/last-known';

/**
 * The trader's premium and IV alerts, read as the price alerts are (use-price-alerts.ts): again when one fires or
 * is made on a chart (priceAlertsStampAtom), the list last read shown offline with its time.
 */
export function useConditionAlerts() {
  const [list, setList] = useState<ConditionAlert[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [stamp, setStamp] = useState(0);
  const changedElsewhere = useAtomValue(priceAlertsStampAtom);
  const reload = useCallback(() => setStamp((value) => value + 1), []);

  useEffect(() => {
    let current = true;
    getConditionAlerts()
      .then((alerts) => {
        if (!current) return;
        setList(alerts);
        setFailed(false);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [stamp, changedElsewhere]);
  useReloadWhenOnline(failed, reload);

  const remove = async (id: number) => {
    await deleteConditionAlert(id);
    setList((old) => (old ?? []).filter((alert) => alert.id !== id));
  };

  const kept = useLastKnown('alerts:condition', failed ? undefined : (list ?? undefined), failed);
  return { list: kept.value ?? list, asOf: kept.asOf, failed, reload, remove };
}
