// A replay's chain asks again for its expiries when they got no answer in time (session 77): the replay's book
// opens with its first read, which on a busy server outlasted the app's 60 s time-out, and the chain then said
// "could not be loaded" until the trader tapped "Try again". A refusal is not asked again.
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { replayExpiriesRetryMs, useChainChoice } from '@/features/market/hooks/use-chain-choice';

const marketOfTheDay = vi.hoisted(() => vi.fn());
vi.mock('@/features/market/api/cached-market-facts', () => ({ marketOfTheDay }));
vi.mock('@/features/market/hooks/use-strike-range', () => ({ useStrikeRange: () => [null, () => undefined] }));
vi.mock('@/lib/replay/replay-atom', async () => {
  const { atom } = await import('jotai');
  const replay = { id: 7, index: 'NIFTY', speed: 0, at_close: false };
  return { openReplayAtom: atom({ replay, asOf: null }), openReplay: () => replay };
});

const answer = { index: 'NIFTY', underlying: 'NSE:NIFTY 50', expiries: [{ date: '2026-12-01' }], futures: [] };

afterEach(() => {
  marketOfTheDay.mockReset();
});

describe("a replay's chain expiries", () => {
  it('are asked again when the read got no answer in time, and then shown', async () => {
    marketOfTheDay.mockRejectedValueOnce(new ApiError('time_out', 'Time Out')).mockResolvedValue(answer);
    const { result } = renderHook(() => useChainChoice());
    await waitFor(() => expect(result.current.expiriesError?.kind).toBe('time_out'));
    await waitFor(() => expect(result.current.expiries).toEqual(answer.expiries), { timeout: replayExpiriesRetryMs + 3_000 });
    expect(marketOfTheDay).toHaveBeenCalledTimes(2);
    expect(result.current.expiry).toBe('2026-12-01');
  });

  it('are not asked again after a refusal', async () => {
    marketOfTheDay.mockRejectedValue(new ApiError('not_found', 'No such replay'));
    const { result } = renderHook(() => useChainChoice());
    await waitFor(() => expect(result.current.expiriesError?.kind).toBe('not_found'));
    await new Promise((resolve) => setTimeout(resolve, replayExpiriesRetryMs + 500));
    expect(marketOfTheDay).toHaveBeenCalledTimes(1);
  });
});
