// Reads Noren's JSON by a declared shape (../live/json-shapes.ts), so a changed or truncated answer fails loudly at
// the edge (a NorenError naming the field) instead of travelling on as `undefined`. Noren sends its numbers as
// text ("qty":"65", "prc":"90.00"): `amount` reads them.
import { NorenError } from './noren-errors.ts';
import { isObject, shapeReaders, type JsonObject } from '../live/json-shapes.ts';

export { isObject, type JsonObject };

export function malformed(what: string): NorenError {
  return new NorenError(200, `Unexpected answer from the broker: ${what}`);
}

export const { objectAt, listAt, read } = shapeReaders(malformed);

/** A number Noren sent as text (or as a number); absent or empty reads as 0, anything else unreadable is malformed. */
export function amount(value: string | null | undefined, field: string): number {
  if (value === null || value === undefined || value === '') return 0;
  const number = Number(value);
  if (!Number.isFinite(number)) throw malformed(`${field} is not a number`);
  return number;
}
