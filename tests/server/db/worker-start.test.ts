// A worker thread started from a bundled or built entry (worker-start.ts) is plain JavaScript: the process's
// TypeScript loader (tsx, which the tests, the benches and the dev server run under, and which a Worker inherits
// with the process's Node options) is left out of the thread's options, every other option kept.
import { describe, expect, it } from 'vitest';
import { withoutTypeScriptLoader } from '../../../server/db/worker-start.ts';

describe('the Node options a worker thread starts with', () => {
  it('leave out tsx however it was given: `node --import tsx`, `npx tsx`, the = forms', () => {
    expect(withoutTypeScriptLoader(['--import', 'tsx'])).toEqual([]);
    expect(withoutTypeScriptLoader(['--require', '/work/node_modules/tsx/dist/preflight.cjs', '--import', 'file:///work/node_modules/tsx/dist/loader.mjs'])).toEqual([]);
    expect(withoutTypeScriptLoader(['--import=tsx', '--require=tsx/cjs', '--loader', 'tsx/esm'])).toEqual([]);
  });

  it('keep every other option, a preload that is not tsx’s included, in its order', () => {
    expect(withoutTypeScriptLoader(['--max-old-space-size=512', '--import', 'tsx', '--cpu-prof', '--import', './setup.mjs', '--require=./other.cjs'])).toEqual([
      '--max-old-space-size=512',
      '--cpu-prof',
      '--import',
      './setup.mjs',
      '--require=./other.cjs',
    ]);
    // A module whose name merely contains "tsx" is not tsx.
    expect(withoutTypeScriptLoader(['--import', './my-tsx-setup.mjs'])).toEqual(['--import', './my-tsx-setup.mjs']);
  });
});
