// A book template is made in a thread of its own (template-thread.ts): initdb and the migrations are seconds of CPU,
// and made on the request thread they held every request behind them (issue 61: the first replay after a new
// migration left the app without an answer for minutes). The event loop here must keep turning while it is made.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrMakeTemplate } from '../../../server/services/analysis/backtests/book-template.ts';

describe('a book template', () => {
  it('is made off the request thread: the event loop keeps turning meanwhile, and the template is kept for the next start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'strikedesk-template-'));
    // A timer every 20 ms: on the request thread the longest gap between two would be the template's longest step.
    let longestGapMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 20);
    try {
      const started = performance.now();
      const template = await loadOrMakeTemplate(dir, 'thread-test');
      const tookMs = performance.now() - started;
      expect(template.size).toBeGreaterThan(1_000_000);
      // Made here, initdb alone is one step of a second or more of CPU; made elsewhere, the loop only waits.
      expect(longestGapMs).toBeLessThan(Math.max(400, tookMs / 5));
      // Kept: the next start reads the file, byte for byte the same.
      const again = await loadOrMakeTemplate(dir, 'thread-test');
      expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await template.arrayBuffer()))).toBe(true);
    } finally {
      clearInterval(ticker);
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
