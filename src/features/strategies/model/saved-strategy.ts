// A strategy as it is saved and shared: its legs with the prices they were built at, the index and its
// spot then, and when. Saved ones live in IndexedDB (a versioned key, validated on read); a shared one
// travels in a link's `s` parameter as base64url JSON, so it opens with nothing but the URL.
import { presetNames, type PresetName } from '@quant/strategy-presets.ts';
import { newLegId, type BuilderLeg } from '@/features/strategies/model/builder-leg';

export type SavedStrategy = {
  name: string;
  index: string;
  /** The underlying's price when it was saved: the spot the snapshot's figures are drawn at. */
  spot: number;
  /** ISO time the prices were taken. */
  takenAt: string;
  /** The preset the legs still have the structure of, if any (for "Save as bot"). */
  preset: PresetName | null;
  legs: BuilderLeg[];
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isWhole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseLeg(raw: unknown): BuilderLeg | undefined {
  if (!isObject(raw)) return undefined;
  const { side, kind, strike, lots, lotSize, expiryMs, entryPrice, volatility, enabled, tradingsymbol, exchange, expiry } = raw;
  if (side !== 'BUY' && side !== 'SELL') return undefined;
  if (kind !== 'CE' && kind !== 'PE' && kind !== 'FUT') return undefined;
  // A future's strike is 0 (it has none); an option's is above it.
  if (!isNumber(strike) || (kind === 'FUT' ? strike !== 0 : strike <= 0) || !isWhole(lots) || !isWhole(lotSize) || !isNumber(expiryMs)) return undefined;
  if (!isNumber(entryPrice) || entryPrice < 0 || !isNumber(volatility) || volatility < 0) return undefined;
  // A stock's symbol may hold & or - (M&M, BAJAJ-AUTO) and its strike paise (IDEA26DEC7.5PE).
  if (typeof tradingsymbol !== 'string' || !/^[A-Z0-9&_.-]{1,40}$/.test(tradingsymbol)) return undefined;
  if (exchange !== 'NFO' && exchange !== 'BFO') return undefined;
  if (typeof expiry !== 'string' || !DATE.test(expiry)) return undefined;
  return { id: newLegId(), side, kind, strike, lots, lotSize, expiryMs, entryPrice, volatility, enabled: enabled !== false, tradingsymbol, exchange, expiry };
}

/** A saved or shared strategy, or undefined when anything in it is not what the builder wrote. */
export function parseSavedStrategy(raw: unknown): SavedStrategy | undefined {
  if (!isObject(raw)) return undefined;
  const { name, index, spot, takenAt, preset, legs } = raw;
  if (typeof name !== 'string' || name.length > 80 || typeof index !== 'string' || !/^[A-Z0-9][A-Z0-9&_-]{0,19}$/.test(index)) return undefined;
  if (!isNumber(spot) || spot <= 0 || typeof takenAt !== 'string' || Number.isNaN(Date.parse(takenAt))) return undefined;
  const knownPreset = presetNames.find((candidate) => candidate === preset) ?? null;
  if (!Array.isArray(legs) || legs.length === 0 || legs.length > 20) return undefined;
  const parsed = legs.map(parseLeg);
  if (parsed.some((leg) => leg === undefined)) return undefined;
  return { name, index, spot, takenAt, preset: knownPreset, legs: parsed.filter((leg) => leg !== undefined) };
}

/** The legs without their screen ids (ids are made anew when a strategy is opened). */
function portable(strategy: SavedStrategy): unknown {
  return { ...strategy, legs: strategy.legs.map(({ id: _id, ...leg }) => leg) };
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string | undefined {
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** The `s` parameter of a share link. */
export function encodeStrategy(strategy: SavedStrategy): string {
  return toBase64Url(JSON.stringify(portable(strategy)));
}

export function decodeStrategy(encoded: string): SavedStrategy | undefined {
  const text = fromBase64Url(encoded);
  if (text === undefined) return undefined;
  try {
    return parseSavedStrategy(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export function shareLink(origin: string, strategy: SavedStrategy): string {
  return `${origin}/app/strategy-builder?s=${encodeStrategy(strategy)}`;
}
