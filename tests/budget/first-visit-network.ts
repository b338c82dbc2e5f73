/**
 * Every file a first visit fetches until the network is idle, as the browser received it: a fresh profile
 * (empty cache, no service worker) in the system Chromium, the page loaded, then counted until no request
 * has been in flight for `quietMs`. Requests the service worker makes (its precache) count too, as do
 * /config.json and the favicon: whatever a phone would download. Bytes are on the wire, compressed, with
 * the response headers. Shared by the budget test and `npm run bench -- first-visit`.
 */
import { chromium, type Request } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH } from '../bench/support/lighthouse-runs.ts';

export type FetchedFile = { path: string; bytes: number; byServiceWorker: boolean };

/** Playwright's own "network idle" is 500 ms; a phone's next request after a paint can come later. */
const defaultQuietMs = 2000;

export async function filesUntilIdle(url: string, { quietMs = defaultQuietMs, timeoutMs = 60_000 } = {}): Promise<FetchedFile[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const origin = new URL(url).origin;
    const files: FetchedFile[] = [];
    const inFlight = new Set<Request>();
    const recorded = new Set<Promise<void>>();
    let lastActivity = performance.now();
    const finished = (request: Request) => {
      inFlight.delete(request);
      lastActivity = performance.now();
      const record = request.sizes().then(
        (sizes) => {
          files.push({ path: request.url().replace(origin, ''), bytes: sizes.responseBodySize + sizes.responseHeadersSize, byServiceWorker: request.serviceWorker() !== null });
        },
        () => undefined,
      );
      recorded.add(record);
    };
    context.on('request', (request) => {
      inFlight.add(request);
      lastActivity = performance.now();
    });
    context.on('requestfinished', finished);
    context.on('requestfailed', finished);
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    while (inFlight.size > 0 || performance.now() - lastActivity < quietMs) {
      if (performance.now() - started > timeoutMs) throw new Error(`the network was not idle within ${timeoutMs / 1000} s`);
      await page.waitForTimeout(100);
    }
    await Promise.all(recorded);
    await context.close();
    return files.sort((a, b) => b.bytes - a.bytes);
  } finally {
    await browser.close();
  }
}

export const totalBytes = (files: readonly FetchedFile[]) => files.reduce((sum, file) => sum + file.bytes, 0);
