// Reads Upstox's JSON by a declared shape, so a changed or truncated answer fails loudly at the edge (an
// UpstoxError naming the field) instead of travelling on as `undefined`. One declaration per answer type gives
// both the check and the TypeScript type: `read(o, {order_id: 'string', tag: 'string?'})`.
import { UpstoxError } from './upstox-errors.ts';
import { isObject, shapeReaders, type JsonObject } from '../live/json-shapes.ts';

export { isObject, type JsonObject };

/** `?` marks a field Upstox may send as null or leave out (read as null). */
export type FieldKind = 'string' | 'string?' | 'number' | 'number?' | 'boolean' | 'boolean?' | 'strings';

type KindType = {
  string: string;
  'string?': string | null;
  number: number;
  'number?': number | null;
  boolean: boolean;
  'boolean?': boolean | null;
  strings: string[];
};

export type Shape = Record<string, FieldKind>;
export type Read<S extends Shape> = { -readonly [K in keyof S]: KindType[S[K]] };

export function malformed(what: string): UpstoxError {
  return new UpstoxError(200, [{ errorCode: 'MALFORMED_ANSWER', message: `Unexpected answer from Upstox: ${what}`, propertyPath: null, invalidValue: null }]);
}

export const { objectAt, listAt } = shapeReaders(malformed);

function field(o: JsonObject, key: string, kind: FieldKind): unknown {
  const value = o[key];
  const optional = kind.endsWith('?');
  if (optional && (value === undefined || value === null)) return null;
  if (kind === 'strings') {
    if (value === undefined || value === null) return [];
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
    throw malformed(`${key} is not a list of text`);
  }
  const base = optional ? kind.slice(0, -1) : kind;
  if (base === 'number' && typeof value === 'number' && Number.isFinite(value)) return value;
  if (base !== 'number' && typeof value === base) return value;
  throw malformed(`${key} is not ${base === 'string' ? 'text' : base === 'number' ? 'a number' : 'true or false'}`);
}

export function read<S extends Shape>(value: unknown, shape: S, what = 'answer'): Read<S> {
  const o = objectAt(value, what);
  const result: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(shape)) result[key] = field(o, key, kind);
  return result as Read<S>; // every key of the shape was checked against its kind just above
}
