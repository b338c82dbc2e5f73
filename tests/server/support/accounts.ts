// Test data and shortcuts for account tests.
import { expect } from 'vitest';
import type { ContractCall } from './contract-client.ts';

export type NewAccount = { email: string; password: string; name: string; mobile: string };

let counter = 0;

/** A unique, valid registration body. */
export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  counter += 1;
  return {
    email: `trader-${process.pid}-${counter}@example.in`,
    password: `Iron-Condor-${counter}-Weekly`,
    name: 'Asha Verma',
    mobile: '9876543210',
    ...overrides,
  };
}

export async function register(call: ContractCall, account: NewAccount = newAccount()): Promise<NewAccount> {
  const res = await call('registerUser', { body: account });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return account;
}

export async function login(call: ContractCall, account: Pick<NewAccount, 'email' | 'password'>, ip?: string): Promise<string> {
  const res = await call<{ token: string }>('loginUser', { body: { email: account.email, password: account.password }, ...(ip === undefined ? {} : { ip }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token;
}

/** Registers and signs in a fresh account. */
export async function signedInAccount(call: ContractCall, overrides: Partial<NewAccount> = {}): Promise<NewAccount & { token: string }> {
  const account = await register(call, newAccount(overrides));
  return { ...account, token: await login(call, account) };
}

/** Signs in and returns the device cookie a browser would keep from it (`name=value`), to send back in a Cookie header. */
export async function knownDeviceCookie(call: ContractCall, account: Pick<NewAccount, 'email' | 'password'>, ip?: string): Promise<string> {
  const res = await call('loginUser', { body: { email: account.email, password: account.password }, ...(ip === undefined ? {} : { ip }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
  expect(cookie).toMatch(/^sd_device_\d+=/);
  return cookie;
}
