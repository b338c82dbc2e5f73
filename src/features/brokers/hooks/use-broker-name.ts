import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { getBrokers } from '@/features/brokers/api/get-brokers';
import { brokersAtom } from '@/features/brokers/atoms/brokers-atom';
import { brokerName, knownBrokerSlugs } from '@/features/brokers/broker-names';
import { useOperation } from '@/lib/api/use-operation';

/**
 * A broker's name for a screen that only has its slug (the login return page, opened cold by the broker's
 * redirect): the app's words when it knows the broker, else the server's display name, read if need be.
 */
export function useBrokerName(slug: string): string {
  const intl = useIntl();
  const [brokers, setBrokers] = useAtom(brokersAtom);
  const { run } = useOperation(getBrokers);
  const missing = !knownBrokerSlugs.includes(slug) && !brokers.some((broker) => broker.name === slug);

  useEffect(() => {
    if (!missing) return;
    void run().then((list) => {
      if (list) setBrokers(list);
    });
  }, [missing, run, setBrokers]);

  return brokerName(slug, brokers, intl);
}
