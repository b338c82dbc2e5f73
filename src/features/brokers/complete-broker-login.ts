/**
 * Posting the broker's request_token, once. The token is single use, and React (StrictMode, a remount)
 * may run the return screen's effect more than once, so each token's attempt is kept here and every
 * caller shares it. What a success changes (the account, the remembered login, the notification) happens
 * here too, so it happens once and even if the trader has already left the screen.
 */
import type { Broker, BrokerAccount } from '@/features/brokers/api/broker-types';
import { getBrokers } from '@/features/brokers/api/get-brokers';
import { loginBrokerAccount } from '@/features/brokers/api/login-broker-account';
import { accountUpdatedAtom } from '@/features/brokers/atoms/account-list-actions';
import { brokersAtom } from '@/features/brokers/atoms/brokers-atom';
import { loggedInNotice } from '@/features/brokers/broker-names';
import { ApiError, isApiError } from '@/lib/api/api-error';
import { notify } from '@/lib/notify/notify';
import { loginBrokerAccountIdAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

/** `state`: the one the broker sent back with the code, when it sends one (Upstox). */
export type LoginRequest = { accountId: number; token: string; state: string | null; broker: string };
export type LoginOutcome = { ok: true; account: BrokerAccount } | { ok: false; error: ApiError };

const attempts = new Map<string, Promise<LoginOutcome>>();

/** Brokers for the notification's name; the login does not depend on them. */
async function brokersOrNone(): Promise<Broker[]> {
  try {
    return await getBrokers();
  } catch {
    return [];
  }
}

async function post({ accountId, token, state, broker }: LoginRequest): Promise<LoginOutcome> {
  try {
    const [account, brokers] = await Promise.all([
      loginBrokerAccount(accountId, { request_token: token, broker_name: broker, ...(state === null ? {} : { state }) }),
      brokersOrNone(),
    ]);
    if (brokers.length > 0) store.set(brokersAtom, brokers);
    store.set(loginBrokerAccountIdAtom, null);
    store.set(accountUpdatedAtom, account);
    notify({ kind: 'success', ...loggedInNotice(account.broker, brokers), description: account.name });
    return { ok: true, account };
  } catch (error) {
    return { ok: false, error: isApiError(error) ? error : new ApiError('setup', 'Error', { cause: error }) };
  }
}

/** The outcome of posting this token: the first call posts it, later calls share that attempt. */
export function completeBrokerLogin(request: LoginRequest): Promise<LoginOutcome> {
  let attempt = attempts.get(request.token);
  if (!attempt) {
    attempt = post(request);
    attempts.set(request.token, attempt);
  }
  return attempt;
}

/** Lets the trader post the same token again after a failure that may not have reached the server. */
export function forgetBrokerLogin(token: string): void {
  attempts.delete(token);
}
