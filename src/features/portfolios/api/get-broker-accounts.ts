import type { BrokerAccount } from '@/features/portfolios/api/portfolio-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** The trader's broker accounts, to choose the one whose portfolios are shown. */
export async function getBrokerAccounts(): Promise<BrokerAccount[]> {
  return requireField(await mainApi().GET('/api/accounts/all-accounts/'), 'broker_accounts').broker_accounts;
}
