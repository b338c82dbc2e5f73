/**
 * Compiles ICU messages to formatjs AST at build time, so the app ships react-intl without its ICU parser
 * (formatjs documents this as "react-intl without parser": every message and defaultMessage must reach the
 * runtime as AST, and @formatjs/icu-messageformat-parser is resolved to its no-parser.js entry).
 *
 * Two kinds of source are compiled, both left untouched on disk (other people edit them; nothing compiled
 * is committed):
 * - the JSON catalogues under src/i18n/locales/ (each value becomes its AST before Vite's JSON loader runs);
 * - every `defaultMessage` literal in src/ (English is the descriptors' defaultMessage, not a catalogue).
 *
 * Unit tests do not use this plugin: they keep the parser and the string messages they assert on.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import MagicString from 'magic-string';
import { parseAst, type Plugin } from 'vite';

const CATALOGUE = /\/src\/i18n\/locales\/.+\.json$/;
const SOURCE = /\/src\/.+\.tsx?$/;
/** The language of every defaultMessage (the app's defaultLocale). */
const SOURCE_LOCALE = new Intl.Locale('en-IN');

/** The language a catalogue is in, from its path (locales/en.json, locales/fr/auth.json). */
function catalogueLanguage(file: string): string {
  return /\/locales\/([a-z]{2,3})(?:\.json$|\/)/.exec(file)?.[1] ?? 'en';
}

/** One catalogue (id → ICU string) as JSON text with every message replaced by its AST. */
export function compileCatalogue(json: string, file = 'catalogue'): string {
  const locale = new Intl.Locale(catalogueLanguage(file));
  const messages: unknown = JSON.parse(json);
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) {
    throw new Error(`${file}: a catalogue is an object of id → message`);
  }
  const compiled = Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      if (typeof message !== 'string') throw new Error(`${file}: message "${id}" is not a string`);
      return [id, compileMessage(message, locale, `${file}: "${id}"`)];
    }),
  );
  return JSON.stringify(compiled);
}

/**
 * The parse react-intl would do at run time (intl-messageformat passes the locale, which decides the hour
 * cycle of date skeletons); skeletons are parsed, locations are not kept.
 */
function compileMessage(message: string, locale: Intl.Locale, where: string): ReturnType<typeof parse> {
  try {
    return parse(message, { locale });
  } catch (error) {
    throw new Error(`${where}: invalid ICU message (${String(error)})`, { cause: error });
  }
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

function* walk(node: unknown): Generator<Node> {
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  if (!isNode(node)) return;
  yield node;
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'type' && typeof child === 'object' && child !== null) yield* walk(child);
  }
}

/**
 * The value of `{ defaultMessage: … }` or of `<FormattedMessage defaultMessage=… />`, whichever this node is;
 * `jsxString` when it is a JSX attribute's bare string, which needs braces around the AST that replaces it.
 */
function descriptorValue(node: Node): { value: unknown; jsxString: boolean } | undefined {
  if (node.type === 'Property') {
    const key = node.key as Node & { name?: string; value?: unknown };
    const named = node.computed !== true && (key.name === 'defaultMessage' || key.value === 'defaultMessage');
    return named ? { value: node.value, jsxString: false } : undefined;
  }
  if (node.type === 'JSXAttribute' && (node.name as { name?: string }).name === 'defaultMessage') {
    const value = node.value as Node | null;
    if (value?.type === 'JSXExpressionContainer') return { value: value.expression, jsxString: false };
    return { value, jsxString: true };
  }
  return undefined;
}

/** The text of a string literal or of a template literal without expressions; null for anything else. */
function literalText(node: Node): string | null {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) {
    const [quasi] = node.quasis as { value: { cooked: string | null } }[];
    return quasi?.value.cooked ?? null;
  }
  return null;
}

/** Replaces each defaultMessage literal of a TypeScript module by its AST; null when there is none. */
export function compileDescriptors(code: string, file: string): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  if (!code.includes('defaultMessage')) return null;
  const program = parseAst(code, { lang: file.endsWith('x') ? 'tsx' : 'ts' }, file);
  const output = new MagicString(code);
  for (const node of walk(program)) {
    const found = descriptorValue(node);
    const value = found?.value;
    if (!found || !isNode(value)) continue;
    const text = literalText(value);
    const line = code.slice(0, value.start).split('\n').length;
    if (text === null) {
      throw new Error(`${file}:${line}: defaultMessage must be a literal string so that it can be precompiled`);
    }
    const ast = JSON.stringify(compileMessage(text, SOURCE_LOCALE, `${file}:${line}`));
    output.overwrite(value.start, value.end, found.jsxString ? `{${ast}}` : ast);
  }
  if (!output.hasChanged()) return null;
  return { code: output.toString(), map: output.generateMap({ hires: true, source: file }) };
}

/** The Vite plugin: catalogues and descriptors are compiled before Vite's own JSON and TypeScript steps. */
export function precompileMessages(): Plugin {
  return {
    name: 'strikedesk:precompile-messages',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (file.includes('/node_modules/')) return null;
      if (CATALOGUE.test(file)) return { code: compileCatalogue(code, file), map: null };
      if (SOURCE.test(file)) return compileDescriptors(code, file);
      return null;
    },
  };
}

/** Resolves the ICU parser to formatjs' parser-free entry (every message reaching the runtime is AST). */
export const noParserAlias = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};
