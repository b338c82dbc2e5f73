/**
 * Which class names a stylesheet defines, and which a script may use: enough to check that the first
 * visit's stylesheet (Tailwind scanning only the public pages' sources) styles everything its code uses.
 */

/** The class selector Tailwind writes for a class name: CSS escaping, a leading digit as a code point. */
export function classSelector(name: string): string {
  const escaped = [...name].map((char) => (/[\w-]/.test(char) || char.charCodeAt(0) > 0x7f ? char : `\\${char}`)).join('');
  return `.${/^\d/.test(escaped) ? `\\3${escaped[0]} ${escaped.slice(1)}` : escaped}`;
}

export function definesClass(css: string, name: string): boolean {
  const selector = classSelector(name);
  for (let at = css.indexOf(selector); at !== -1; at = css.indexOf(selector, at + 1)) {
    // The selector must end here (not be the start of a longer class name), and style the element itself:
    // `.group` inside `:where(.group)` only scopes another class's variant.
    const ends = !/[\w\\-]/.test(css[at + selector.length] ?? '');
    if (ends && css[at - 1] !== '(') return true;
  }
  return false;
}

/** Every whitespace-separated word of every string literal in a minified script (class names among them). */
export function stringWords(code: string): Set<string> {
  const words = new Set<string>();
  for (const [, backtick, double, single] of code.matchAll(/`((?:[^`\\]|\\.)*)`|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)) {
    const text = (backtick ?? double ?? single ?? '').replace(/\$\{[^}]*\}/g, ' ');
    for (const word of text.split(/\s+/)) if (word !== '') words.add(word);
  }
  return words;
}
