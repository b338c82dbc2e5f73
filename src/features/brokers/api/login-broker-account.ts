import type { BrokerAccount, BrokerLoginRequest } from '@/features/brokers/api/broker-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/**
 * Exchanges the code the broker's login page sent back (and its state, when it sent one) for a broker
 * session. Answers the account with its session open. An expired or reused code is refused with 422
 * `request_token_invalid`, a state not issued for this account or used with 422 `login_state_invalid`, a
 * broker_name that is not the account's broker with 400.
 */
export async function loginBrokerAccount(accountId: number, login: BrokerLoginRequest): Promise<BrokerAccount> {
  const answer = await mainApi().POST('/api/accounts/account-login/{accountId}/', {
    params: { path: { accountId } },
    body: login,
  });
  return requireField(answer, 'broker_accounts').broker_accounts;
}
