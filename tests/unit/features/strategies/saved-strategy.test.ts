// @vitest-environment node
// Saved and shared strategies: a link carries the legs and opens them unchanged; anything not written by
// the builder is refused; the device's list replaces by name and keeps the newest first.
import { beforeEach, describe, expect, it } from 'vitest';
import { clear } from 'idb-keyval';
import { deleteSavedStrategy, loadSavedStrategies, saveStrategy } from '@/features/strategies/model/saved-strategies-store';
import { decodeStrategy, encodeStrategy, parseSavedStrategy, shareLink, type SavedStrategy } from '@/features/strategies/model/saved-strategy';
import { botLink } from '@/features/strategies/components/saved-strategies';
import { ironCondor, spot } from './strategy-fixtures';

const strategy = (name = 'Weekly condor'): SavedStrategy => ({ name, index: 'NIFTY', spot, takenAt: '2026-11-24T06:00:00.000Z', preset: 'iron_condor', legs: ironCondor() });
const withoutIds = (legs: SavedStrategy['legs']) => legs.map(({ id: _id, ...leg }) => leg);

describe('share links', () => {
  it('carry every leg, the spot and the time of the prices, and open them as they were', () => {
    const link = shareLink('https://desk.example', strategy());
    const encoded = new URL(link).searchParams.get('s');
    expect(link.startsWith('https://desk.example/app/strategy-builder?s=')).toBe(true);
    const opened = decodeStrategy(encoded ?? '');
    expect(opened).toBeDefined();
    expect(withoutIds(opened?.legs ?? [])).toEqual(withoutIds(strategy().legs));
    expect(opened).toMatchObject({ name: 'Weekly condor', index: 'NIFTY', spot, takenAt: '2026-11-24T06:00:00.000Z', preset: 'iron_condor' });
  });

  it('keep a French name with accents and quotes intact', () => {
    const named = { ...strategy('Condor « prudent » été'), legs: ironCondor() };
    expect(decodeStrategy(encodeStrategy(named))?.name).toBe('Condor « prudent » été');
  });

  it('refuse what the builder did not write: garbage, a negative strike, a bad side, an unknown exchange', () => {
    expect(decodeStrategy('not base64 at all!')).toBeUndefined();
    const [first, ...rest] = strategy().legs;
    const tampered = (change: object) => parseSavedStrategy({ ...strategy(), legs: [{ ...first, ...change }, ...rest] });
    expect(tampered({ strike: -100 })).toBeUndefined();
    expect(tampered({ side: 'SHORT' })).toBeUndefined();
    expect(tampered({ exchange: 'NSE' })).toBeUndefined();
    expect(tampered({ lots: 1.5 })).toBeUndefined();
    expect(parseSavedStrategy({ ...strategy(), legs: [] })).toBeUndefined();
    // An unknown preset is not an error: the strategy just cannot become a bot.
    expect(parseSavedStrategy({ ...strategy(), preset: 'martingale' })?.preset).toBeNull();
  });
});

describe('saved on this device', () => {
  beforeEach(async () => {
    await clear();
  });

  it('starts empty, saves newest first, replaces a name saved again, and deletes', async () => {
    expect(await loadSavedStrategies()).toEqual({ status: 'ready', strategies: [] });
    await saveStrategy(strategy('A'));
    await saveStrategy(strategy('B'));
    const replaced = await saveStrategy({ ...strategy('A'), spot: 26_100 });
    expect(replaced.map((item) => [item.name, item.spot])).toEqual([['A', 26_100], ['B', spot]]);
    const reread = await loadSavedStrategies();
    expect(reread.status === 'ready' && reread.strategies.map((item) => item.name)).toEqual(['A', 'B']);
    expect((await deleteSavedStrategy('A')).map((item) => item.name)).toEqual(['B']);
  });
});

describe('save as bot', () => {
  it('links to the portfolio screen’s preset bot form when the legs have a preset’s structure, and nowhere otherwise', () => {
    const link = botLink({ preset: 'iron_condor', index: 'NIFTY' }, 'Weekly condor');
    const url = new URL(link ?? '', 'https://x');
    expect(url.pathname).toBe('/app/portfolio');
    expect(Object.fromEntries(url.searchParams)).toEqual({ strategy: 'iron_condor', underlying: 'NIFTY', name: 'Weekly condor', kind: 'daily' });
    expect(botLink({ preset: null, index: 'NIFTY' }, 'Mine')).toBeNull();
  });
});
