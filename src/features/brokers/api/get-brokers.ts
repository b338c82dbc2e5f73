import type { Broker } from '@/features/brokers/api/broker-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** The brokers an account can be linked to. */
export async function getBrokers(): Promise<Broker[]> {
  return requireField(await mainApi().GET('/api/brokers/brokers/'), 'brokers').brokers;
}
