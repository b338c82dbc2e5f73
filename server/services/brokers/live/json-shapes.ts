// Reading a broker's JSON at the edge: a changed or truncated answer fails loudly, in the broker's own error
// (`malformed`, naming what was wrong), instead of travelling on as `undefined`. One declaration per answer
// type gives both the check and the TypeScript type: `read(o, {order_id: 'string', tag: 'string?'})`.
export type JsonObject = { readonly [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `?` marks a field the broker may send as null or leave out (read as null). */
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

/** An object and a list where the answer must have one, a declared shape read, or the broker's `malformed` error. */
export function shapeReaders(malformed: (what: string) => Error) {
  function objectAt(value: unknown, what: string): JsonObject {
    if (!isObject(value)) throw malformed(`${what} is not an object`);
    return value;
  }

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

  return {
    objectAt,
    listAt(value: unknown, what: string): unknown[] {
      if (!Array.isArray(value)) throw malformed(`${what} is not a list`);
      return value;
    },
    read<S extends Shape>(value: unknown, shape: S, what = 'answer'): Read<S> {
      const o = objectAt(value, what);
      const result: Record<string, unknown> = {};
      for (const [key, kind] of Object.entries(shape)) result[key] = field(o, key, kind);
      return result as Read<S>; // every key of the shape was checked against its kind just above
    },
  };
}
