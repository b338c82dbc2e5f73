import { defaultStrikeRange, isStrikeRange, type StrikeRange } from '@/features/market/chain/strike-window';
import { useRememberedChoice } from '@/features/market/hooks/use-remembered-choice';

export const strikeRangeKey = 'market:strike-range:v1';

const parseRange = (raw: unknown) => (isStrikeRange(raw) ? raw : undefined);

/** The option chain's strike range, remembered (null until the stored choice is read). */
export function useStrikeRange(): [StrikeRange | null, (range: StrikeRange) => void] {
  return useRememberedChoice(strikeRangeKey, parseRange, defaultStrikeRange);
}
