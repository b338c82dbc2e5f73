/**
 * Expiries and instruments change once a trading day, so they are kept in IndexedDB for that day: the chain
 * opens at once on a revisit and, offline, still shows its strikes (prices then say how old they are).
 * A kept copy is used only while it is valid; after that the network is asked, and the old copy is the
 * answer only when the network fails. While a replay is open (issue 39) they are the replayed day's, read from
 * the replay's routes and kept under the replay's name: a replayed day's contracts never change, and opened
 * once they show offline too. Each expiries answer teaches the app when its expiries stop trading
 * (lib/market/session-facts.ts); the keys carry a version, so a copy kept before expiries said so is not used.
 */
import { getExpiries, type ExpiriesAnswer, type Expiry } from '@/features/market/api/get-expiries';
import { getInstruments, type Instruments, type Underlying } from '@/features/market/api/get-instruments';
import { istDay, istInstantMs, learnExpiryCloses, todayCloseMs } from '@/lib/market/session-facts';
import { restoreValue, storeValue } from '@/lib/persist/idb-storage';
import { openReplay } from '@/lib/replay/replay-atom';
import { getReplayChain, getReplayExpiries } from '@/lib/replay/replay-calls';
import { learnChain } from '@/lib/replay/replay-quotes';
import { indexInstruments } from '@/features/market/market-messages';

/** A replay's facts are its day's: valid as long as the replay (a new replay is another key). */
const replayValidity = () => '9999-12-31T00:00:00.000Z';

type Kept<T> = { validUntil: string; value: T };

const isKept = (raw: unknown): raw is Kept<unknown> =>
  typeof raw === 'object' && raw !== null && 'validUntil' in raw && typeof raw.validUntil === 'string' && 'value' in raw;

/**
 * The end of today's session (its close as the server said it), or the same hour tomorrow once it has passed;
 * the end of the IST day while no close is known.
 */
export function tradingDayEnd(now: number, close = todayCloseMs(now)): string {
  const dayMs = 24 * 60 * 60 * 1000;
  if (close === null) return new Date(istInstantMs(istDay(now), '00:00') + dayMs).toISOString();
  return new Date(close > now ? close : close + dayMs).toISOString();
}

async function keptOrFetched<T>(key: string, fetch: () => Promise<T>, validUntil: (value: T) => string, now: number): Promise<T> {
  const restored = await restoreValue(key, (raw) => (isKept(raw) ? (raw as Kept<T>) : undefined), 1000);
  const kept = restored.status === 'restored' ? restored.value : null;
  if (kept !== null && Date.parse(kept.validUntil) > now) return kept.value;
  try {
    const value = await fetch();
    // A copy that cannot be kept (storage full, private window) costs only the next visit's request.
    await storeValue(key, { validUntil: validUntil(value), value } satisfies Kept<T>).catch(() => undefined);
    return value;
  } catch (error) {
    if (kept !== null) return kept.value;
    throw error;
  }
}

export async function expiriesForTheDay(index: string, now = Date.now()): Promise<Expiry[]> {
  return (await marketOfTheDay(index, now)).expiries;
}

/**
 * An underlying's expiries with its own instrument (a stock's is `NSE:SYMBOL`) and its futures months (near,
 * next, far). A replay has one index and no futures: its index's instrument is the known one.
 */
export async function marketOfTheDay(index: string, now = Date.now()): Promise<ExpiriesAnswer> {
  const replay = openReplay();
  // A replay has one index: another one has no expiries in it.
  if (replay !== null) {
    const underlying = indexInstruments.find((item) => item.index === replay.index)?.instrument ?? '';
    if (replay.index !== index) return { index, underlying, expiries: [], futures: [] };
    const expiries = learnExpiryCloses(await keptOrFetched(`replay:${replay.id}:expiries:v2`, () => getReplayExpiries(replay.id), replayValidity, now));
    return { index, underlying, expiries, futures: [] };
  }
  // Learnt as soon as fetched: an expiry falling today gives today's close, which the copy's validity reads.
  // v3: the whole answer (instrument and futures), not the list alone.
  const answer = await keptOrFetched(
    `market:expiries:v3:${index}`,
    async () => {
      const fetched = await getExpiries(index);
      learnExpiryCloses(fetched.expiries);
      return fetched;
    },
    () => tradingDayEnd(now),
    now,
  );
  learnExpiryCloses(answer.expiries);
  return answer;
}

export async function instrumentsForTheDay(index: Underlying, expiry: string, now = Date.now()): Promise<Instruments> {
  const replay = openReplay();
  if (replay !== null) {
    const chain = await keptOrFetched(`replay:${replay.id}:instruments:${expiry}`, async () => (await getReplayChain(replay.id, expiry)).chain, replayValidity, now);
    // The price feed reads this expiry's chain for its contracts' quotes (replay-quotes.ts).
    learnChain(replay.id, chain);
    return chain;
  }
  return keptOrFetched(`market:instruments:${index}:${expiry}`, () => getInstruments(index, expiry), (value) => value.valid_until, now);
}
