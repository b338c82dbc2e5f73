import { useRememberedChoice } from '@/features/market/hooks/use-remembered-choice';

export const showGreeksKey = 'market:chain-greeks:v1';

const parseFlag = (raw: unknown) => (typeof raw === 'boolean' ? raw : undefined);

/** Whether the chain shows gamma, theta and vega (off by default: most traders read delta and IV), remembered. */
export function useShowGreeks(): [boolean | null, (show: boolean) => void] {
  return useRememberedChoice(showGreeksKey, parseFlag, false);
}
