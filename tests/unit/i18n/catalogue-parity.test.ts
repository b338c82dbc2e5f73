// @vitest-environment node
// Guards the catalogues: en.json is exactly what the source defines, French has every id and no stale
// ones, translations keep the ICU arguments, and each id sits in the fr file of its namespace.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { frMessages } from '@/i18n/locales/fr/index';

// jsdom gives import.meta.url an http: scheme, so locate the repository from this file's directory.
const root = resolve(import.meta.dirname, '../../..');
const localesDir = join(root, 'src/i18n/locales');
const enMessages = JSON.parse(readFileSync(join(localesDir, 'en.json'), 'utf8')) as Record<string, string>;
const frDir = join(localesDir, 'fr');
const frFiles = readdirSync(frDir).filter((name) => name.endsWith('.json'));
const readJson = (file: string) => JSON.parse(readFileSync(join(frDir, file), 'utf8')) as Record<string, unknown>;
// The French source text (the build compiles it to AST; the argument check reads the ICU strings themselves).
const frSource: Record<string, unknown> = Object.assign({}, ...frFiles.map(readJson));
const ID = /^([a-z][a-z0-9-]*)\.[A-Za-z0-9_.-]+$/;

/** Same arguments as `npm run i18n:extract`, into a temporary file. */
function extractFromSource(): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'i18n-extract-'));
  try {
    const outFile = join(dir, 'en.json');
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/@formatjs/cli/bin/formatjs'),
        'extract',
        'src/**/*.{ts,tsx}',
        '--ignore',
        'src/**/*.d.ts',
        '--out-file',
        outFile,
        '--format',
        'simple',
        '--id-interpolation-pattern',
        '[sha512:contenthash:base64:6]',
        '--throws',
      ],
      { cwd: root, stdio: 'pipe' },
    );
    return JSON.parse(readFileSync(outFile, 'utf8')) as Record<string, string>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.type === TYPE.tag ? `<${element.value}>` : element.value);
      if (element.type === TYPE.tag) walk(element.children);
      if (element.type === TYPE.select || element.type === TYPE.plural) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe('message catalogues', () => {
  it('en.json matches the messages defined in src/ (run npm run i18n:extract)', () => {
    const extracted = extractFromSource();
    const stale = {
      missingFromEnJson: Object.keys(extracted).filter((id) => !(id in enMessages)),
      notInSource: Object.keys(enMessages).filter((id) => !(id in extracted)),
      textChanged: Object.keys(extracted).filter((id) => id in enMessages && enMessages[id] !== extracted[id]),
    };
    expect(stale).toEqual({ missingFromEnJson: [], notInSource: [], textChanged: [] });
  }, 30_000);

  it('French has every English id and nothing else', () => {
    const missingInFrench = Object.keys(enMessages).filter((id) => !(id in frMessages));
    const unknownInFrench = Object.keys(frMessages).filter((id) => !(id in enMessages));
    expect({ missingInFrench, unknownInFrench }).toEqual({ missingInFrench: [], unknownInFrench: [] });
  });

  it('French messages use the same ICU arguments as English', () => {
    const mismatches = Object.keys(enMessages)
      .filter((id) => frSource[id] !== undefined)
      .map((id) => {
        const en = argumentNames(enMessages[id] ?? '');
        let fr: string[];
        try {
          fr = argumentNames(String(frSource[id]));
        } catch (error) {
          return `${id}: invalid ICU in French (${String(error)})`;
        }
        return en.join(',') === fr.join(',') ? null : `${id}: en {${en.join(', ')}} vs fr {${fr.join(', ')}}`;
      })
      .filter((mismatch) => mismatch !== null);
    expect(mismatches).toEqual([]);
  });

  it('ids are <namespace>.<key> and each French file holds only its own namespace', () => {
    const badIds = Object.keys(enMessages).filter((id) => !ID.test(id));
    const misplaced: string[] = [];
    const duplicated: string[] = [];
    const seen = new Set<string>();
    for (const file of frFiles) {
      const namespace = file.slice(0, -'.json'.length);
      const messages = readJson(file);
      for (const [id, text] of Object.entries(messages)) {
        if (ID.exec(id)?.[1] !== namespace || typeof text !== 'string') misplaced.push(`${file}: ${id}`);
        if (seen.has(id)) duplicated.push(id);
        seen.add(id);
      }
    }
    expect({ badIds, misplaced, duplicated }).toEqual({ badIds: [], misplaced: [], duplicated: [] });
  });

  it('no message formats a date or a time itself: the intl of the app has no time zone, so it would not be IST', () => {
    const dated = (elements: MessageFormatElement[]): boolean =>
      elements.some(
        (element) =>
          element.type === TYPE.date ||
          element.type === TYPE.time ||
          (element.type === TYPE.tag && dated(element.children)) ||
          ((element.type === TYPE.select || element.type === TYPE.plural) && Object.values(element.options).some((option) => dated(option.value))),
      );
    const withDates = [...Object.entries(enMessages), ...Object.entries(frSource).map(([id, text]) => [id, String(text)] as const)]
      .filter(([, text]) => dated(parse(text)))
      .map(([id]) => id);
    expect(withDates).toEqual([]);
    expect(dated(parse('due {day, date, short}'))).toBe(true);
  });

  it('French names paper trading one way, "papier" (the word most of the app used), never also "fictif"', () => {
    const fictif = Object.entries(frSource)
      .filter(([, text]) => /fictif/i.test(String(text)))
      .map(([id]) => id);
    expect(fictif).toEqual([]);
  });

  it('the argument check sees nested plural and select arguments', () => {
    expect(argumentNames('{n, plural, one {# {unit}} other {# {unit}s}} by <b>{who}</b>')).toEqual([
      '<b>',
      'n',
      'unit',
      'who',
    ]);
  });
});
