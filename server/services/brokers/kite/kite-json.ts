// Reads Kite's JSON field by field, so a changed or truncated answer fails loudly at the edge (a KiteError
// DataException naming the field) instead of travelling through the adapter as `undefined`.
import { istOffsetMs } from '../../market/ist.ts';
import { KiteError } from './kite-errors.ts';
import { isObject, shapeReaders, type JsonObject } from '../live/json-shapes.ts';

export { isObject, type JsonObject };

export function malformed(what: string): KiteError {
  return new KiteError(200, 'DataException', `Unexpected answer from Kite: ${what}`);
}

export const { objectAt, listAt: arrayAt } = shapeReaders(malformed);

export function str(o: JsonObject, key: string): string {
  const value = o[key];
  if (typeof value !== 'string') throw malformed(`${key} is not text`);
  return value;
}

/** Text or null; a missing field reads as null (Kite omits some fields in older answers). */
export function optStr(o: JsonObject, key: string): string | null {
  const value = o[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw malformed(`${key} is not text`);
  return value;
}

export function num(o: JsonObject, key: string): number {
  const value = o[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw malformed(`${key} is not a number`);
  return value;
}

/** A number, or `fallback` when Kite left the field out. */
export function numOr(o: JsonObject, key: string, fallback: number): number {
  return o[key] === undefined || o[key] === null ? fallback : num(o, key);
}

export function bool(o: JsonObject, key: string, fallback: boolean): boolean {
  const value = o[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw malformed(`${key} is not true or false`);
  return value;
}

export function strList(o: JsonObject, key: string): string[] {
  const value = o[key];
  if (value === undefined || value === null) return [];
  return arrayAt(value, key).map((item, index) => {
    if (typeof item !== 'string') throw malformed(`${key}[${index}] is not text`);
    return item;
  });
}

/** Every listed key as a number: for Kite's wide all-numeric records (positions, margins). */
export function numbers<K extends string>(o: JsonObject, keys: readonly K[]): Record<K, number> {
  const record: Partial<Record<K, number>> = {};
  for (const key of keys) record[key] = numOr(o, key, 0);
  // Every key of K was just set, which TypeScript cannot follow through the loop.
  return record as Record<K, number>;
}

/** A record whose values are all numbers (funds' `available` and `utilised`). */
export function numberRecord(value: unknown, what: string): Record<string, number> {
  const o = objectAt(value, what);
  const record: Record<string, number> = {};
  for (const key of Object.keys(o)) record[key] = num(o, key);
  return record;
}

/**
 * Kite's timestamps ("2021-05-31 09:18:57") are Indian Standard Time without a zone. Read them as IST
 * whatever the server's own zone is.
 */
export function kiteTime(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw malformed(`"${text}" is not a Kite timestamp`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - istOffsetMs);
}

/** The inverse of kiteTime, for the test server and for request bodies. */
export function formatKiteTime(instant: Date): string {
  const ist = new Date(instant.getTime() + istOffsetMs).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 19)}`;
}
