import type { AccountCompliance } from '@/features/brokers/api/broker-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** A live account's compliance state: session, busiest second against the broker's limits, algo ID, static IP. */
export async function getAccountCompliance(accountId: number): Promise<AccountCompliance> {
  const answer = await mainApi().GET('/api/accounts/account-compliance/{accountId}/', { params: { path: { accountId } } });
  return requireField(answer, 'compliance').compliance;
}
