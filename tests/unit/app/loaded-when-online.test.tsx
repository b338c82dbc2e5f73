// The toasts' and the update offer's files failing to arrive (the trader went offline as they loaded) took the whole
// signed-in screen down with them (market.spec.ts: the price strip gone the moment the page went offline).
import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense, useMemo } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadedWhenOnline } from '@/app/loaded-when-online';

afterEach(() => vi.restoreAllMocks());

describe('a part of the page whose file fails to load', () => {
  it('shows nothing in its place, leaves the rest of the page, and is fetched anew once back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: () => <p>Toasts here</p> });
    // As app.tsx's OverlayParts: its lazy component made once per mount, a mount per attempt.
    const Part = () => {
      const Loaded = useMemo(() => lazy(load), []);
      return (
        <Suspense fallback={null}>
          <Loaded />
        </Suspense>
      );
    };
    render(
      <main>
        <h1>Desk</h1>
        <LoadedWhenOnline>
          {(attempt) => <Part key={attempt} />}
        </LoadedWhenOnline>
      </main>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByRole('heading', { name: 'Desk' })).toBeDefined();
    expect(screen.queryByText('Toasts here')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Toasts here')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Desk' })).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
