import { atom } from 'jotai';

/**
 * When brokerPortfoliosAtom last came from the server, and for which account: with it, a screen opened
 * again offline can show the last known portfolios and their allocation "as of" that time.
 */
export const portfolioListStampAtom = atom<{ accountId: number; at: number } | null>(null);
