import type { Schemas } from '@/features/brokers/api/broker-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/**
 * The account's broker login page, with a state the server issued for this trader and account (single use,
 * ten minutes). `redirect_uri` is this app's return page for the broker.
 */
export async function createBrokerLoginLink(accountId: number, request: Schemas['BrokerLoginLinkRequest']): Promise<string> {
  const answer = await mainApi().POST('/api/accounts/account-login-link/{accountId}/', {
    params: { path: { accountId } },
    body: request,
  });
  return requireField(answer, 'login_url').login_url;
}
