/**
 * What of the session is kept in IndexedDB, and how stored values are validated on the way back in.
 * Keys are fixed by spec §9 (`auth_token`, `root`); the `root` value carries a version so its shape can change.
 */
import type { PersistBinding } from '@/lib/persist/persist-atom';
import { accountsSliceAtom, type AccountsSlice } from '@/lib/session/accounts-slice-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import type { Identified } from '@/lib/session/user-profile-atoms';

export const TOKEN_KEY = 'auth_token';
export const ACCOUNTS_SLICE_KEY = 'root';
const ACCOUNTS_SLICE_VERSION = 1;
const MAX_TOKEN_LENGTH = 4096;

export function parseToken(raw: unknown): string | null | undefined {
  if (typeof raw !== 'string') return undefined;
  const token = raw.trim();
  return token.length > 0 && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIdentified(value: unknown): value is Identified {
  return isRecord(value) && (typeof value.id === 'number' || typeof value.id === 'string');
}

export function parseAccountsSlice(raw: unknown): AccountsSlice | undefined {
  if (!isRecord(raw) || raw.version !== ACCOUNTS_SLICE_VERSION) return undefined;
  const { brokerAccounts, selectedAccount } = raw;
  if (!Array.isArray(brokerAccounts) || !brokerAccounts.every(isIdentified)) return undefined;
  if (selectedAccount !== null && !isIdentified(selectedAccount)) return undefined;
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
