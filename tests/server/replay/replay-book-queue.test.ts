// Too much concurrent work is queued with its place shown, never a stall (issue 61): book databases start one a
// core at most (backtests/book-starts.ts), in arrival order, and a replay whose book waits its turn says its place
// in the replay's answer (book_place), then opens and answers the desk's reads once the line moves.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { bookStarts, createStartQueue } from '../../../server/services/analysis/backtests/book-starts.ts';
import { testBackends } from '../support/test-database.ts';
import { openReplayDesk, replayExpiries } from './replay-fixture.ts';

type Schemas = components['schemas'];

/** A start that holds its slot until let go (let go before its turn, it ends as soon as it starts). */
function held(queue: ReturnType<typeof createStartQueue>, key: string) {
  let release: (() => void) | null = null;
  let released = false;
  const done = queue.run(key, () => new Promise<void>((resolve) => (released ? resolve() : (release = resolve))));
  return {
    done,
    letGo: () => {
      released = true;
      release?.();
    },
  };
}

describe('the line of book starts', () => {
  it('runs as many as it has slots, the rest in arrival order, each saying its place', async () => {
    const queue = createStartQueue(2);
    const starts = ['a', 'b', 'c', 'd'].map((key) => ({ key, ...held(queue, key) }));
    await Promise.resolve();
    expect(starts.map(({ key }) => queue.place(key))).toEqual([null, null, 1, 2]);
    starts[1]!.letGo();
    await starts[1]!.done;
    expect(starts.map(({ key }) => queue.place(key))).toEqual([null, null, null, 1]);
    for (const start of starts) start.letGo();
    await Promise.all(starts.map((start) => start.done));
    expect(queue.place('d')).toBeNull();
  });
});

describe.each(testBackends)("a replay's book waiting its turn on %s", (backend) => {
  it('says its place in line, then opens when the line moves', async () => {
    const desk = await openReplayDesk(backend);
    const { server, call, token, id } = desk;
    // Every slot taken by another start (as many as the cores but one), and one more waiting.
    const holds: Array<ReturnType<typeof held>> = [];
    try {
      while (bookStarts.place(`hold ${holds.length - 1}`) === null) holds.push(held(bookStarts, `hold ${holds.length}`));
      const chain = desk.chain(replayExpiries[1]);
      // The chain read asks for the book; its start joins the line once the template is read.
      while (bookStarts.place(`replay ${id}`) === null) await new Promise((resolve) => setImmediate(resolve));
      const waiting = await call<Schemas['ReplayResponse']>('getReplay', { token, params: { id } });
      expect(waiting.body.replay.book_place).toBe(2);
      for (const hold of holds) hold.letGo();
      expect((await chain).chain.instruments.length).toBeGreaterThan(0);
      const open = await call<Schemas['ReplayResponse']>('getReplay', { token, params: { id } });
      expect(open.body.replay.book_place).toBeUndefined();
    } finally {
      for (const hold of holds) hold.letGo();
      await server.close();
    }
  }, 300_000);
});
