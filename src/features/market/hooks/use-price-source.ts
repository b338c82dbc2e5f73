import { useAtomValue } from 'jotai';
import { shownAccountAtom } from '@/features/market/feed/order-notices';
import { brokerAccountsAtom, selectedAccountAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import { priceSourceOf, type PriceSource } from '@/lib/trading/price-source';

/**
 * Whose prices the price feed carries now: the shown account's (the trader's choice, else the one a screen of
 * orders or positions follows, as live-feed.ts names it to the stream); none shown, the simulator's.
 */
export function useShownPriceSource(): PriceSource {
  const selected = useAtomValue(selectedAccountAtom, { store });
  const shown = useAtomValue(shownAccountAtom, { store });
  const accounts = useAtomValue(brokerAccountsAtom, { store });
  const id = selected?.id ?? shown?.id ?? null;
  const account = id === null ? null : (accounts.find((candidate) => candidate.id === id) ?? selected);
  return account === null ? { kind: 'simulator' } : priceSourceOf(account, accounts);
}
