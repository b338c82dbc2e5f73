/**
 * What of the session is kept in IndexedDB, and how stored values are validated on the way back in.
 * Keys are fixed by spec §9 (`auth_token`, `root`); the `root` value carries a version so its shape can change.
 */
import type { PersistBinding } from '@/lib/persist/persist-atom';
import { accountsSliceAtom, type AccountsSlice } from '@/lib/session/accounts-slice-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { loginBrokerAccountIdAtom, type BrokerAccount } from '@/lib/session/user-profile-atoms';

export const TOKEN_KEY = 'auth_token';
export const ACCOUNTS_SLICE_KEY = 'root';
export const BROKER_LOGIN_KEY = 'broker_login';
const ACCOUNTS_SLICE_VERSION = 2;
const MAX_TOKEN_LENGTH = 4096;

export function parseToken(raw: unknown): string | null | undefined {
  if (typeof raw !== 'string') return undefined;
  const token = raw.trim();
  return token.length > 0 && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the fields the app relies on; anything less and the stored slice is treated as corrupt. */
function isBrokerAccount(value: unknown): value is BrokerAccount {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.broker === 'string' &&
    typeof value.name === 'string' &&
    typeof value.account_number === 'string' &&
    typeof value.api_key === 'string' &&
    typeof value.capital === 'number' &&
    typeof value.is_logged_in === 'boolean' &&
    (value.session_expires_at === null || typeof value.session_expires_at === 'string')
  );
}

export function parseAccountsSlice(raw: unknown): AccountsSlice | undefined {
  if (!isRecord(raw) || raw.version !== ACCOUNTS_SLICE_VERSION) return undefined;
  const { brokerAccounts, selectedAccount } = raw;
  if (!Array.isArray(brokerAccounts) || !brokerAccounts.every(isBrokerAccount)) return undefined;
  if (selectedAccount !== null && !isBrokerAccount(selectedAccount)) return undefined;
  return { brokerAccounts, selectedAccount };
}

export const tokenBinding: PersistBinding<string | null> = {
  key: TOKEN_KEY,
  atom: tokenAtom,
  parse: parseToken,
  serialize: (token) => token ?? undefined,
};

export const accountsSliceBinding: PersistBinding<AccountsSlice> = {
  key: ACCOUNTS_SLICE_KEY,
  atom: accountsSliceAtom,
  parse: parseAccountsSlice,
  serialize: (slice) => ({ version: ACCOUNTS_SLICE_VERSION, ...slice }),
};

export function parseAccountId(raw: unknown): number | null | undefined {
  return typeof raw === 'number' && Number.isInteger(raw) && raw > 0 ? raw : undefined;
}

export const brokerLoginBinding: PersistBinding<number | null> = {
  key: BROKER_LOGIN_KEY,
  atom: loginBrokerAccountIdAtom,
  parse: parseAccountId,
  serialize: (id) => id ?? undefined,
};
