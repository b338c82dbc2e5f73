import type { BrokerAccount, BrokerAccountCreate } from '@/features/brokers/api/broker-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Links a broker account; answers it as created (without the secret). 409 `account_exists` for a number already linked. */
export async function createBrokerAccount(account: BrokerAccountCreate): Promise<BrokerAccount> {
  const answer = await mainApi().POST('/api/accounts/accounts/', { body: account });
  return requireField(answer, 'broker_accounts').broker_accounts;
}
