// Reads Dhan's JSON by a declared shape (../live/json-shapes.ts), so a changed or truncated answer fails loudly at
// the edge (a DhanError naming the field) instead of travelling on as `undefined`.
import { DhanError } from './dhan-errors.ts';
import { isObject, shapeReaders, type JsonObject } from '../live/json-shapes.ts';

export { isObject, type JsonObject };

export function malformed(what: string): DhanError {
  return new DhanError(200, 'Malformed_Answer', 'MALFORMED_ANSWER', `Unexpected answer from Dhan: ${what}`);
}

export const { objectAt, listAt, read } = shapeReaders(malformed);
