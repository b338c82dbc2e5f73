import type { BrokerAccount, BrokerAccountUpdate } from '@/features/brokers/api/broker-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Changes an account; fields left out (the secret included) keep their value. Answers the account as saved. */
export async function updateBrokerAccount(id: number, changes: BrokerAccountUpdate): Promise<BrokerAccount> {
  const answer = await mainApi().PUT('/api/accounts/accounts/{id}/', { params: { path: { id } }, body: changes });
  return requireField(answer, 'broker_accounts').broker_accounts;
}
