// Checks on a JSON body that belong before and just after JSON.parse. Depth is counted on the text,
// before anything recursive (parsing, cloning, schema validation, the database driver) touches it:
// params nested 10,000 deep once overflowed the stack further down. Prototype keys are looked for in
// the parsed value with the same rule as Fastify's secure-json-parse, so the refusal can say what is
// wrong instead of "not valid JSON".

/** The deepest nesting any request body needs is 3 (orders inside a basket); 32 leaves room. */
export const maxJsonDepth = 32;

/** How deep brackets nest outside strings; stops counting once past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++; // a backslash escapes the next character, quotes included
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** The dotted place of the first `__proto__` key or `constructor.prototype` pair, or null. */
export function findPrototypeKey(value: unknown): string | null {
  const stack: { node: unknown; path: string[] }[] = [{ node: value, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { node, path } = item;
    if (typeof node !== 'object' || node === null) continue;
    if (Object.hasOwn(node, '__proto__')) return [...path, '__proto__'].join('.');
    const constructor = Object.hasOwn(node, 'constructor') ? (node as Record<string, unknown>).constructor : undefined;
    if (typeof constructor === 'object' && constructor !== null && Object.hasOwn(constructor, 'prototype')) {
      return [...path, 'constructor', 'prototype'].join('.');
    }
    for (const [key, child] of Object.entries(node)) stack.push({ node: child, path: [...path, key] });
  }
  return null;
}
