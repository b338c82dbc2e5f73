// Runs before every unit file that shares its worker's module graph (vitest.config.ts, `isolate: false`): the
// app's one price feed outlives the file that used it, so the market a file left in it (a closed exchange, a
// live account's quotes, its source) would decide what the next file's screens say: an "as AMO" label where the
// next file's book is open. Each file starts from a feed that holds nothing, as a page load does.
import { afterAll } from 'vitest';

// The session hours the app learnt (a file's expiries, its stream's session) are the next file's otherwise:
// each file starts knowing none, as a page load does.
afterAll(async () => {
  const { sessionFactsAtom } = await import('@/lib/market/session-facts');
  const { store } = await import('@/lib/store');
  store.set(sessionFactsAtom, { closes: {}, today: null });
});

// Files on Node's environment (pure logic) have no page, and no feed.
if (typeof document !== 'undefined') {
  afterAll(async () => {
    const { startedLiveFeed } = await import('@/features/market/feed/live-feed');
    startedLiveFeed()?.restart(true);
  });
}
