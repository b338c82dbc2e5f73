import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

export type BrokerAccount = components['schemas']['BrokerAccount'];

/** The trader's broker accounts: each switch is named with its account and whether it trades paper or live. */
export async function getBrokerAccounts(): Promise<BrokerAccount[]> {
  return requireField(await mainApi().GET('/api/accounts/all-accounts/'), 'broker_accounts').broker_accounts;
}
