// Server test files share a worker's process (isolate: false). What one file changes through Vitest must
// not reach the next: the hygiene that runs after every file puts each of these back.
import { describe, expect, it, vi } from 'vitest';
import { undoProcessChanges } from './support/file-hygiene.ts';

describe('after each server test file', () => {
  it('real timers, globals, environment variables and spied functions are back', () => {
    const realNow = Date.now;
    const realFetch = globalThis.fetch;
    vi.useFakeTimers();
    vi.stubGlobal('fetch', () => Promise.reject(new Error('stubbed')));
    vi.stubEnv('STRIKEDESK_HYGIENE_PROBE', 'left over');
    const spy = vi.spyOn(Math, 'random').mockReturnValue(0.5);

    undoProcessChanges();

    expect([vi.isFakeTimers(), Date.now === realNow, globalThis.fetch === realFetch]).toEqual([false, true, true]);
    expect(process.env.STRIKEDESK_HYGIENE_PROBE).toBeUndefined();
    expect(vi.isMockFunction(Math.random)).toBe(false);
    expect(spy).not.toBe(Math.random);
  });
});
