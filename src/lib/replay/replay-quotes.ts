/**
 * The price feed's transport while a replay is open (live-feed.ts loads this only then): one read of the
 * replay's market at its minute, answered as market_data answers (`{ data, market }`), so the strip, the chain,
 * the ticket and the positions render replayed quotes as they render live ones. The replay's routes answer the
 * index and a whole expiry's chain; which expiry an option belongs to is learnt from the chains read (the
 * chain's facts read them first), and an option of no chain read yet (a position in another expiry) makes
 * this read every expiry's chain once.
 */
import type { components } from '@openapi/analytics';
import { learnExpiryCloses } from '@/lib/market/session-facts';
import { getReplayChain, getReplayExpiries, getReplayIndex, type Replay, type ReplayChain } from '@/lib/replay/replay-calls';

type Quote = components['schemas']['LastPrice'];
type MarketStatus = components['schemas']['MarketStatus'];

/** Instrument ("NFO:NIFTY24NOV24000CE") to its expiry, per replay. */
const expiryOf = new Map<string, string>();
let learntFor: number | null = null;
/** Replays whose every expiry was read once (an option in none of them stays unpriced, never read again). */
const readAll = new Set<number>();

function forReplay(id: number): void {
  if (learntFor === id) return;
  learntFor = id;
  expiryOf.clear();
}

/** Notes the contracts of a chain read, so their quotes come with that expiry's next read. */
export function learnChain(id: number, chain: ReplayChain['chain']): void {
  forReplay(id);
  for (const instrument of chain.instruments) expiryOf.set(instrument.instrument, chain.expiry);
}

async function readChain(id: number, expiry: string): Promise<ReplayChain> {
  const answer = await getReplayChain(id, expiry);
  learnChain(id, answer.chain);
  return answer;
}

/** The replay's market status: open: a replayed order is never an after-market order. */
function marketOf(replay: Replay): MarketStatus {
  return { status: 'open', demo: false, timestamp: replay.at };
}

export async function pollReplay(replay: Replay, instruments: readonly string[]): Promise<{ data: Record<string, Quote>; market: MarketStatus }> {
  forReplay(replay.id);
  const data: Record<string, Quote> = {};
  const options = instruments.filter((name) => name.startsWith('NFO:') || name.startsWith('BFO:'));
  if (options.some((name) => !expiryOf.has(name)) && !readAll.has(replay.id)) {
    readAll.add(replay.id);
    const expiries = learnExpiryCloses(await getReplayExpiries(replay.id));
    await Promise.all(expiries.map((expiry) => readChain(replay.id, expiry.date)));
  }
  const expiries = new Set(options.flatMap((name) => expiryOf.get(name) ?? []));
  const wantsIndex = instruments.length > options.length;
  const [index, ...chains] = await Promise.all([wantsIndex ? getReplayIndex(replay.id) : null, ...[...expiries].map((expiry) => readChain(replay.id, expiry))]);
  const wanted = new Set(instruments);
  for (const answer of [index, ...chains]) {
    if (answer === null) continue;
    for (const [name, quote] of Object.entries(answer.data)) if (wanted.has(name)) data[name] = quote;
  }
  const latest = [index, ...chains].find((answer) => answer !== null)?.replay ?? replay;
  return { data, market: marketOf(latest) };
}
