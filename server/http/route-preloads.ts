// index.html for an address whose first open the build has listed (dist/.vite/route-preloads.json, written by
// scripts/route-preloads.ts): the same page with <link rel="modulepreload"> and preloads for that screen's
// files, so a cold open fetches them beside the entry instead of after it has run (issue 24: the chart's first
// open on Slow 4G). Links only: the Content-Security-Policy (no inline script or style) is unchanged. Every
// other address gets index.html as it was built; so does a build without the list.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROUTE_PRELOADS_FILE = join('.vite', 'route-preloads.json');

export type RouteShell = { html: string; etag: string };

type Loaded = { key: string; pages: Map<string, RouteShell> };
const loadedByDist = new Map<string, Loaded>();

const assetPath = /^assets\/[A-Za-z0-9._-]+\.(?:js|css)$/;
const sameOriginPath = /^\/[A-Za-z0-9._/-]+$/;

/** Only names the build could have written: a hand-edited or damaged list adds nothing rather than markup. */
function strings(value: unknown, pattern: RegExp): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && pattern.test(item)) : [];
}

function linksFor(entry: Record<string, unknown>): string {
  const fetches = strings(entry.fetches, sameOriginPath).map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`);
  // crossorigin as Vite's own preloads and the entry's script have it, so the screen's imports reuse these downloads.
  const modules = strings(entry.modules, assetPath).filter((file) => file.endsWith('.js')).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const styles = strings(entry.styles, assetPath).filter((file) => file.endsWith('.css')).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
  return [...fetches, ...modules, ...styles].join('\n');
}

function load(distDir: string): Map<string, RouteShell> {
  const indexPath = join(distDir, 'index.html');
  const listPath = join(distDir, ROUTE_PRELOADS_FILE);
  let key: string;
  try {
    key = `${statSync(indexPath).mtimeMs}:${statSync(listPath).mtimeMs}`;
  } catch {
    return new Map();
  }
  const cached = loadedByDist.get(distDir);
  if (cached?.key === key) return cached.pages;
  const pages = new Map<string, RouteShell>();
  try {
    const index = readFileSync(indexPath, 'utf8');
    const list = JSON.parse(readFileSync(listPath, 'utf8')) as unknown;
    const headEnd = index.indexOf('</head>');
    if (headEnd !== -1 && typeof list === 'object' && list !== null) {
      for (const [path, entry] of Object.entries(list)) {
        if (!sameOriginPath.test(path) || typeof entry !== 'object' || entry === null) continue;
        const links = linksFor(entry as Record<string, unknown>);
        if (links === '') continue;
        const html = `${index.slice(0, headEnd)}${links}\n${index.slice(headEnd)}`;
        pages.set(path, { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` });
      }
    }
  } catch {
    // An unreadable list: every address gets index.html as built.
  }
  loadedByDist.set(distDir, { key, pages });
  return pages;
}

/** The page for `path` (no query; a trailing slash is the same address), or null to send index.html as built. */
export function routeShell(distDir: string, path: string): RouteShell | null {
  const address = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return load(distDir).get(address) ?? null;
}
