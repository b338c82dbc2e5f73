import { useEffect, useState } from 'react';
import type { OptionInstrument } from '@/features/market/api/get-instruments';
import { instrumentsForTheDay } from '@/features/market/api/cached-market-facts';

/**
 * The exchange's most per order for a contract (its index's freeze quantity, from today's listed contracts,
 * kept for the day): the order ticket says how an order above it goes out. null until known, or when the
 * facts cannot be read (offline on a first visit): the ticket then says nothing of slicing, and the server
 * still slices and refuses as it must.
 */
export function useFreezeQuantity(instrument: Pick<OptionInstrument, 'name' | 'expiry'> | null): number | null {
  const [known, setKnown] = useState<{ key: string; freeze: number | null } | null>(null);
  const key = instrument === null ? null : `${instrument.name}:${instrument.expiry}`;
  const name = instrument?.name;
  const expiry = instrument?.expiry;
  useEffect(() => {
    if (key === null || name === undefined || expiry === undefined) return;
    let current = true;
    instrumentsForTheDay(name, expiry).then(
      (facts) => current && setKnown({ key, freeze: facts.freeze_quantity }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [key, name, expiry]);
  return known !== null && known.key === key ? known.freeze : null;
}
