import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import {
  createPriceAlert,
  deletePriceAlert,
  getPriceAlerts,
  type PriceAlert,
  type PriceAlertCreate,
} from '@/features/alerts/api/alert-calls';
import { priceAlertsStampAtom } from '@/features/alerts/model/price-alerts-stamp';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { useLastKnown } from '@/lib/persist/last-known';

/**
 * The trader's price alerts: read once, again back online after a failure, and again whenever one fires or
 * is made elsewhere (priceAlertsStampAtom); created and deleted here. When a read fails (offline, the server
 * unreachable) the list last read shows, with `asOf` its time (issue 36).
 */
export function usePriceAlerts() {
  const [list, setList] = useState<PriceAlert[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [stamp, setStamp] = useState(0);
  const changedElsewhere = useAtomValue(priceAlertsStampAtom);
  const reload = useCallback(() => setStamp((value) => value + 1), []);

  useEffect(() => {
    let current = true;
    getPriceAlerts()
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

  /** Throws the server's refusal for the form to place. */
  const create = async (body: PriceAlertCreate) => {
    const created = await createPriceAlert(body);
    setList((old) => [created, ...(old ?? []).filter((alert) => alert.id !== created.id)]);
  };

  const remove = async (id: number) => {
    await deletePriceAlert(id);
    setList((old) => (old ?? []).filter((alert) => alert.id !== id));
  };

  const kept = useLastKnown('alerts:price', failed ? undefined : (list ?? undefined), failed);
  return { list: kept.value ?? list, asOf: kept.asOf, failed, reload, create, remove };
}
