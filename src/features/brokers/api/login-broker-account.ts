import type { BrokerAccount, BrokerLoginRequest } from '@/features/brokers/api/broker-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/**
 * Exchanges the request_token the broker's login page sent back for a broker session (Kite-style).
 * Answers the account with its session open. An expired or reused token is refused with 422
 * `request_token_invalid`, a broker_name that is not the account's broker with 400.
 */
export async function loginBrokerAccount(accountId: number, login: BrokerLoginRequest): Promise<BrokerAccount> {
  const answer = await mainApi().POST('/api/accounts/account-login/{accountId}/', {
    params: { path: { accountId } },
    body: login,
  });
  return requireField(answer, 'broker_accounts').broker_accounts;
}
