/**
 * Largest Contentful Paint of a first visit under DevTools' "Slow 4G" network and 4× CPU slowdown, in the
 * system Chromium driven by Playwright over the DevTools protocol, on a phone-sized screen. Each run is a
 * fresh browser context: empty cache, no service worker.
 */
import { chromium, type Browser } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH } from './lighthouse-runs.ts';

/** DevTools' Slow 4G preset: 1.6 Mbps down, 750 kbps up (90 % goodput), 150 ms RTT × 3.75 request latency. */
export const SLOW_4G = { latency: 150 * 3.75, downloadThroughput: (1.6 * 1_000_000 * 0.9) / 8, uploadThroughput: (750 * 1000 * 0.9) / 8 };
export const CPU_SLOWDOWN = 4;

/** Resolves with the last LCP candidate once none has come for `quietMs` (LCP stops at the first input). */
const readLcp = (quietMs: number) =>
  new Promise<number>((resolve) => {
    let last = Number.NaN;
    let timer = setTimeout(() => resolve(last), quietMs);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = entry.startTime;
      clearTimeout(timer);
      timer = setTimeout(() => resolve(last), quietMs);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });

async function runOnce(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const lcp = await page.evaluate(readLcp, 3000);
    if (!Number.isFinite(lcp)) throw new Error('no largest-contentful-paint entry was recorded');
    return lcp;
  } finally {
    await context.close();
  }
}

export async function throttledLcpRuns(url: string, runs: number): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    const results: number[] = [];
    for (let run = 0; run < runs; run += 1) results.push(await runOnce(browser, url));
    return results;
  } finally {
    await browser.close();
  }
}
