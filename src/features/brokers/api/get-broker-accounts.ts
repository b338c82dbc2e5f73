import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** The signed-in trader's broker accounts (possibly none). */
export async function getBrokerAccounts(): Promise<BrokerAccount[]> {
  return requireField(await mainApi().GET('/api/accounts/all-accounts/'), 'broker_accounts').broker_accounts;
}
