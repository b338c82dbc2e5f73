import type { components } from '@openapi/main';
// jotai/vanilla, not jotai: this module is in the first visit's entry (tests/unit/app/first-visit-entry-imports.test.ts).
import { atom } from 'jotai/vanilla';

/**
 * User-profile state of spec §3. It is shared by several features (accounts, portfolios, positions), so
 * it lives in shared code; each feature changes it through its own calls.
 */
export type User = components['schemas']['User'];
export type BrokerAccount = components['schemas']['BrokerAccount'];
export type Portfolio = components['schemas']['Portfolio'];

export const userDataAtom = atom<User | null>(null);
export const brokerAccountsAtom = atom<BrokerAccount[]>([]);
export const selectedAccountAtom = atom<BrokerAccount | null>(null);
export const brokerPortfoliosAtom = atom<Portfolio[]>([]);
export const selectedPortfolioAtom = atom<Portfolio | null>(null);
/** A trading day (YYYY-MM-DD, IST) for the books; null means today. */
export const selectedDateAtom = atom<string | null>(null);
/**
 * The account whose broker login is under way. The broker's login page is a full page away, so this is
 * persisted (see session-persistence.ts) to be there when the broker sends the trader back.
 */
export const loginBrokerAccountIdAtom = atom<number | null>(null);
