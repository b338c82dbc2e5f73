/**
 * What a first visit's entry may not hold (issue 24). The public pages read the app's Jotai store through
 * lib/use-store-atom.ts, so jotai's React bindings come with the signed-in screens only (0.6 KB of a first
 * visit), and they move between each other without a router (app/public-pages.tsx), so react-router and the
 * route table come with the app (27 KB). This walks what the entry imports statically (a lazy `import()` is a
 * file of its own, not part of a first visit) and fails when one of those modules imports from jotai anything
 * but its store and atoms (`jotai/vanilla`), or imports react-router.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../server/paths.ts';

const src = join(repoRoot, 'src');
const extensions = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(src, specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  for (const extension of extensions) {
    const path = base + extension;
    if (/\.tsx?$/.test(path) && existsSync(path)) return path;
  }
  return null;
}

/** Every `import … from '…'` and `export … from '…'` that is not type-only: what the bundler keeps. */
function staticImports(code: string): { names: string; specifier: string }[] {
  const found: { names: string; specifier: string }[] = [];
  for (const match of code.matchAll(/^(?:import|export)\s+(?!type\s)([^'"]*?)\s*from\s*'([^']+)'/gms)) {
    found.push({ names: match[1] ?? '', specifier: match[2] ?? '' });
  }
  for (const match of code.matchAll(/^import\s+'([^']+)'/gm)) found.push({ names: '', specifier: match[1] ?? '' });
  return found;
}

/** The entry's static imports whose specifier `offends`, as 'file: names'. */
function importsOfTheEntry(offends: (specifier: string) => boolean): string[] {
  const seen = new Set<string>();
  const queue = [join(src, 'main.tsx')];
  const offending: string[] = [];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { names, specifier } of staticImports(readFileSync(file, 'utf8'))) {
      if (offends(specifier)) offending.push(`${file.slice(src.length + 1)}: ${names}`);
      const local = resolveLocal(file, specifier);
      if (local) queue.push(local);
    }
  }
  expect(seen.size).toBeGreaterThan(30);
  return offending;
}

describe('the first visit’s entry', () => {
  it('imports jotai’s store and atoms (jotai/vanilla) but not its React bindings', () => {
    // 'jotai' itself re-exports 'jotai/react': a module of the entry importing it puts jotai's React
    // bindings in the entry's module graph, and the chunking (scripts/signed-in-chunks.ts) then leaves them
    // out of the shell's files, a file more on a signed-in cold open. The entry takes 'jotai/vanilla'.
    expect(importsOfTheEntry((specifier) => specifier === 'jotai/react' || specifier === 'jotai')).toEqual([]);
  });

  it('does not import react-router: the public pages move between each other without it', () => {
    expect(importsOfTheEntry((specifier) => specifier.startsWith('react-router'))).toEqual([]);
    // Nor the route table, which names every screen's chunk.
    expect(importsOfTheEntry((specifier) => specifier === '@/app/router/routes' || specifier === '@/app/router/screens')).toEqual([]);
  });
});
