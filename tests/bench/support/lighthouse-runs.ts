/**
 * Lighthouse's mobile performance audit (its default config: a mid-range phone, simulated slow 4G and 4×
 * CPU), driven through its Node API against the system Chromium, started by chrome-launcher. Nothing is
 * downloaded: Chromium is Debian's, the background-networking flags keep it off the internet, error
 * reporting exists only in Lighthouse's CLI (not its Node API), and a run fails if the page asked for
 * anything but the local server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** chrome-launcher adds its defaults (no background networking, no component updates, no sync, …). */
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-dev-shm-usage'];

export type LighthouseRun = { score: number; tbtMs: number; lcpMs: number; fcpMs: number; scriptCssBytes: number };

type Item = { url?: unknown; resourceType?: unknown; transferSize?: unknown; sessionTargetType?: unknown };

/** URLs the page requested from anywhere but `origin` (data: and blob: URLs are not requests). */
function foreignRequests(items: readonly Item[], origin: string): string[] {
  return items
    .map((item) => String(item.url))
    .filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob|chrome|chrome-extension):/.test(url));
}

/** One fresh browser profile per run, so every run is a first visit (empty cache, no service worker). */
async function runOnce(url: string): Promise<LighthouseRun> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'strikedesk-lighthouse-'));
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const items = (lhr.audits['network-requests']?.details as { items?: Item[] } | undefined)?.items ?? [];
    const foreign = foreignRequests(items, new URL(url).origin);
    if (foreign.length > 0) throw new Error(`the page requested other hosts: ${foreign.join(', ')}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    // What the page itself fetched (the service worker's precache of every screen is not the page's).
    const scriptCssBytes = items
      .filter((item) => (item.resourceType === 'Script' || item.resourceType === 'Stylesheet') && (item.sessionTargetType ?? 'page') === 'page')
      .reduce((sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0), 0);
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      tbtMs: metric('total-blocking-time'),
      lcpMs: metric('largest-contentful-paint'),
      fcpMs: metric('first-contentful-paint'),
      scriptCssBytes,
    };
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP on a busy machine): such a run is retried. */
const ATTEMPTS = 3;

async function runWithRetries(url: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (attempt >= ATTEMPTS || !String(error).includes('Lighthouse:')) throw error;
      console.warn(`  Lighthouse run failed (${String(error)}); trying again.`);
    }
  }
}

export async function lighthouseRuns(url: string, runs: number): Promise<LighthouseRun[]> {
  const results: LighthouseRun[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await runWithRetries(url));
  return results;
}
