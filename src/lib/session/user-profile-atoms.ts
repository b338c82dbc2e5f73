import type { components } from '@openapi/main';
import { atom } from 'jotai';

/**
 * User-profile state of spec §3, shared by several features (accounts, portfolios, positions), so it lives in
 * shared code. Broker accounts and portfolios are held as records with an id until their screens arrive.
 */
export type Identified = { id: number | string };
export type User = components['schemas']['User'];

export const userDataAtom = atom<User | null>(null);
export const brokerAccountsAtom = atom<Identified[]>([]);
export const selectedAccountAtom = atom<Identified | null>(null);
export const brokerPortfoliosAtom = atom<Identified[]>([]);
export const selectedPortfolioAtom = atom<Identified | null>(null);
/** A trading day (YYYY-MM-DD, IST) for the books; null means today. */
export const selectedDateAtom = atom<string | null>(null);
export const loginBrokerAccountIdAtom = atom<number | string | null>(null);
