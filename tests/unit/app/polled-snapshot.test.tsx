// A screen's device snapshot (what shows offline) is written when what was read changed, not on every poll:
// the order book reads the same 10,000 orders every 2 s, and writing them to IndexedDB clones them all on the
// main thread, one 70-150 ms task a poll while the trader scrolls (issue 37).
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePolled } from '@/app/trading/use-polled';

const saved = vi.hoisted(() => [] as Array<{ name: string; value: unknown }>);
vi.mock('@/lib/persist/snapshot', () => ({
  saveSnapshot: (name: string, value: unknown) => saved.push({ name, value }),
  readSnapshot: () => Promise.resolve(null),
}));

afterEach(() => {
  saved.length = 0;
});

describe('usePolled keeps its snapshot', () => {
  it('once while every read gives back the same book, again when it changes, and per account', async () => {
    const day = { order_book: ['first'] };
    let answer: unknown = day;
    const load = vi.fn(() => Promise.resolve(answer));
    const { result, rerender } = renderHook(({ key }) => usePolled(load, key, 60_000, 'order-book'), { initialProps: { key: 'PA1/' } });
    await waitFor(() => expect(result.current.data).toBe(day));
    for (let poll = 0; poll < 3; poll += 1) {
      const calls = load.mock.calls.length;
      act(() => result.current.reload());
      await waitFor(() => expect(load.mock.calls.length).toBe(calls + 1));
    }
    await act(async () => {});
    expect(saved.map((entry) => entry.name)).toEqual(['order-book:PA1/']);

    const changed = { order_book: ['first', 'second'] };
    answer = changed;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe(changed));
    expect(saved.map((entry) => entry.value)).toEqual([day, changed]);

    rerender({ key: 'PA2/' });
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved[2]).toEqual({ name: 'order-book:PA2/', value: changed });
  });
});

describe('usePolled on a slow server', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts no timed read while one is unanswered, and polls again once it is answered', async () => {
    // A replay's book opening took a minute: a read every 3 s, each held until its time-out, filled the browser's six
    // connections to the server, and the reachability probe waited behind them (session 77).
    vi.useFakeTimers();
    let answer: (value: unknown) => void = () => undefined;
    const load = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const { result } = renderHook(() => usePolled(load, 'PA1/', 3_000));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer({ book: 1 });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current.data).toEqual({ book: 1 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
