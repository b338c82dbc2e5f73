import { useIntl } from 'react-intl';
import { brokerName, knownBrokerSlugs } from '@/features/brokers/broker-names';
import { useBrokersWith } from '@/features/brokers/hooks/use-brokers-with';

/**
 * A broker's name for a screen that only has its slug (the login return page, opened cold by the broker's
 * redirect): the app's words when it knows the broker, else the server's display name, read if need be.
 */
export function useBrokerName(slug: string): string {
  const intl = useIntl();
  const brokers = useBrokersWith(knownBrokerSlugs.includes(slug) ? null : slug);
  return brokerName(slug, brokers, intl);
}
