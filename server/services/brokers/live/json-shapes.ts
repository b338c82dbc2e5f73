// Reading a broker's JSON at the edge: a changed or truncated answer fails loudly, in the broker's own error
// (`malformed`, naming what was wrong), instead of travelling on as `undefined`.
export type JsonObject = { readonly [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object and a list where the answer must have one, or the broker's `malformed` error. */
export function shapeReaders(malformed: (what: string) => Error) {
  return {
    objectAt(value: unknown, what: string): JsonObject {
      if (!isObject(value)) throw malformed(`${what} is not an object`);
      return value;
    },
    listAt(value: unknown, what: string): unknown[] {
      if (!Array.isArray(value)) throw malformed(`${what} is not a list`);
      return value;
    },
  };
}
