import { useAtom } from 'jotai';
import { useEffect } from 'react';
import type { Broker } from '@/features/brokers/api/broker-types';
import { getBrokers } from '@/features/brokers/api/get-brokers';
import { brokersAtom } from '@/features/brokers/atoms/brokers-atom';
import { useOperation } from '@/lib/api/use-operation';

/**
 * The brokers list the app holds (brokersAtom), read from the server once when it does not hold `slug` (null: no
 * broker wanted, nothing read): a screen opened cold (the login return page, the trading desk) has none yet.
 */
export function useBrokersWith(slug: string | null): Broker[] {
  const [brokers, setBrokers] = useAtom(brokersAtom);
  const { run } = useOperation(getBrokers);
  const missing = slug !== null && !brokers.some((broker) => broker.name === slug);

  useEffect(() => {
    if (!missing) return;
    void run().then((list) => {
      if (list) setBrokers(list);
    });
  }, [missing, run, setBrokers]);

  return brokers;
}
