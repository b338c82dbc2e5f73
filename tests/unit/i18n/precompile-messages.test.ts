// @vitest-environment node
// The build step that lets the app ship react-intl without the ICU parser: every catalogue message and every
// defaultMessage must come out as the AST the parser would have produced at run time.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { compileCatalogue, compileDescriptors } from '../../../scripts/i18n/precompile-messages.ts';

const root = resolve(import.meta.dirname, '../../..');

const ast = (message: string) => JSON.stringify(parse(message));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('precompiled messages', () => {
  it('replaces defaultMessage literals, quoted keys, template literals and JSX attributes by their AST', () => {
    const code = [
      "const m = defineMessages({ a: { id: 'x.a', defaultMessage: 'Hello {name}' } });",
      "const n = { id: 'x.b', 'defaultMessage': `{count, plural, one {# lot} other {# lots}}` };",
      'const e = <FormattedMessage id="x.c" defaultMessage="Hi <b>{who}</b>" />;',
      "const f = <FormattedMessage id=\"x.d\" defaultMessage={'Sign in'} />;",
    ].join('\n');
    const compiled = compileDescriptors(code, '/repo/src/example.tsx')?.code;
    expect(compiled?.split('\n')).toEqual([
      `const m = defineMessages({ a: { id: 'x.a', defaultMessage: ${ast('Hello {name}')} } });`,
      `const n = { id: 'x.b', 'defaultMessage': ${ast('{count, plural, one {# lot} other {# lots}}')} };`,
      `const e = <FormattedMessage id="x.c" defaultMessage={${ast('Hi <b>{who}</b>')}} />;`,
      `const f = <FormattedMessage id="x.d" defaultMessage={${ast('Sign in')}} />;`,
    ]);
  });

  it('keeps line numbers, so stack traces and source maps still point at the right lines', () => {
    const code = "export const m = {\n  a: { id: 'x.a', defaultMessage: 'One {n}' },\n  b: 1,\n};\n";
    const compiled = compileDescriptors(code, '/repo/src/example.ts');
    expect(compiled?.code.split('\n')).toHaveLength(code.split('\n').length);
    expect(compiled?.map.mappings).not.toBe('');
  });

  it('leaves a module without descriptors alone', () => {
    expect(compileDescriptors("export const a = 'defaultMessage';", '/repo/src/a.ts')).toBeNull();
    expect(compileDescriptors('export const b = 1;', '/repo/src/b.ts')).toBeNull();
  });

  it('fails the build on invalid ICU or a defaultMessage that is not a literal, naming the file and line', () => {
    expect(() => compileDescriptors("const a = 1;\nconst m = { id: 'x', defaultMessage: 'Oops {' };", '/repo/src/a.ts')).toThrow(
      /\/repo\/src\/a\.ts:2: invalid ICU message/,
    );
    expect(() => compileDescriptors("const m = { id: 'x', defaultMessage: text };", '/repo/src/b.ts')).toThrow(
      /\/repo\/src\/b\.ts:1: defaultMessage must be a literal string/,
    );
  });

  it('compiles a catalogue to the same ids with AST values, and refuses one that is not id → string', () => {
    const json = JSON.stringify({ 'auth.title': 'Se connecter', 'auth.count': '{n, plural, one {# compte} other {# comptes}}' });
    expect(JSON.parse(compileCatalogue(json, '/repo/src/i18n/locales/fr/auth.json'))).toEqual({
      'auth.title': parse('Se connecter'),
      'auth.count': parse('{n, plural, one {# compte} other {# comptes}}'),
    });
    expect(() => compileCatalogue('{"auth.x": 1}', 'fr/auth.json')).toThrow(/"auth\.x" is not a string/);
    expect(() => compileCatalogue('{"auth.x": "{"}', 'fr/auth.json')).toThrow(/fr\/auth\.json: "auth\.x": invalid ICU message/);
  });

  it('formats compiled messages exactly as the strings they come from', () => {
    const message = '{label} must have at least {min, plural, one {# item} other {# items}} by <b>{date, date, short}</b>';
    const values = { label: 'Lots', min: 2, date: new Date(Date.UTC(2026, 0, 5)), b: (parts: string[]) => `[${parts.join('')}]` };
    const compiled = JSON.parse(compileCatalogue(JSON.stringify({ 'x.m': message }))) as Record<string, ReturnType<typeof parse>>;
    const fromAst = new IntlMessageFormat(compiled['x.m'] ?? [], 'en-IN');
    expect(fromAst.format(values)).toEqual(new IntlMessageFormat(message, 'en-IN').format(values));
  });

  it('compiles every catalogue and every source file of the app', () => {
    const locales = join(root, 'src/i18n/locales');
    const catalogues = [join(locales, 'en.json'), ...readdirSync(join(locales, 'fr')).filter((f) => f.endsWith('.json')).map((f) => join(locales, 'fr', f))];
    for (const file of catalogues) expect(() => compileCatalogue(readFileSync(file, 'utf8'), file)).not.toThrow();
    const compiled = sourceFiles(join(root, 'src'))
      .map((file) => compileDescriptors(readFileSync(file, 'utf8'), file))
      .filter((result) => result !== null);
    expect(compiled.length).toBeGreaterThan(20);
  });
});
