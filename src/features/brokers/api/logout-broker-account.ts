import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Ends the account's broker session; answers the account logged out (the same when it already was). */
export async function logoutBrokerAccount(accountId: number): Promise<BrokerAccount> {
  const answer = await mainApi().POST('/api/accounts/account-logout/{accountId}/', { params: { path: { accountId } } });
  return requireField(answer, 'broker_accounts').broker_accounts;
}
