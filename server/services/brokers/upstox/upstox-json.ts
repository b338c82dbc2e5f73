// Reads Upstox's JSON by a declared shape (../live/json-shapes.ts), so a changed or truncated answer fails loudly
// at the edge (an UpstoxError naming the field) instead of travelling on as `undefined`.
import { UpstoxError } from './upstox-errors.ts';
import { isObject, shapeReaders, type FieldKind, type JsonObject, type Read, type Shape } from '../live/json-shapes.ts';

export { isObject, type FieldKind, type JsonObject, type Read, type Shape };

export function malformed(what: string): UpstoxError {
  return new UpstoxError(200, [{ errorCode: 'MALFORMED_ANSWER', message: `Unexpected answer from Upstox: ${what}`, propertyPath: null, invalidValue: null }]);
}

export const { objectAt, listAt, read } = shapeReaders(malformed);
