// Text Postgres cannot keep. A NUL character (U+0000) is refused by every text column (SQLSTATE 22021)
// and by jsonb (22P05); a lone UTF-16 surrogate ("\ud800", legal in JSON and in JS strings) is either
// refused the same way or silently stored as U+FFFD. Neither is ever meant by a trader, so the contract
// layer refuses both in every string and every field name of every request part, naming the field,
// before any schema or service sees the value.

import type { TextFaultKind } from '../services/texts/validation-texts.ts';

/** Where (keys and indexes from the root), what is wrong, and whether it is in a field name held there. */
export type TextFault = { path: readonly string[]; kind: TextFaultKind; inName: boolean };

const nul = '\u0000';
// In a `u` regular expression a surrogate pair is one code point; only an unpaired half is Cs.
const loneSurrogate = /\p{Cs}/u;

function faultOf(text: string): TextFaultKind | null {
  if (text.includes(nul)) return 'nul';
  if (loneSurrogate.test(text)) return 'surrogate';
  return null;
}

type Pending = { value: unknown; path: readonly string[] };

/**
 * The first unstorable string in `data` (values and object keys, depth first), or null. Iterative, so
 * even a deep structure cannot overflow the stack; JSON bodies are also depth-bounded before parsing.
 */
export function findTextFault(data: unknown): TextFault | null {
  const stack: Pending[] = [{ value: data, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') {
      const kind = faultOf(value);
      if (kind !== null) return { path, kind, inName: false };
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index] as unknown, path: [...path, String(index)] });
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] as [string, unknown];
        const keyFault = faultOf(key);
        // The key itself cannot be printed safely: name the object that holds it.
        if (keyFault !== null) return { path, kind: keyFault, inName: true };
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}
