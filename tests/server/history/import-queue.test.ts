// Imports beyond the few that run at once wait their turn, first come first served, and each trader sees their
// own place in the line (GET /api/market-history/imports/queue/, which the Market history screen reads).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import { createImportQueue } from '../../../server/services/history/import-queue.ts';
import type { Services } from '../../../server/services/services.ts';
import { signedInAccount } from '../support/accounts.ts';
import { assertMatchesContract, contractClient } from '../support/contract-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signedInAccount(contractClient(server.app))).token;
});

afterAll(async () => {
  await server.close();
});

/** Work that ends when the test says so. */
function held() {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { work: () => done, release };
}

it('runs two imports at once and lines the rest up in order, each trader seeing their own places', async () => {
  const queue = createImportQueue(2);
  const [a, b, c, d] = [held(), held(), held(), held()];
  const started: string[] = [];
  const run = (userId: number, name: string, job: ReturnType<typeof held>) =>
    queue.run(userId, async () => {
      started.push(name);
      await job.work();
    });
  const runs = [run(1, 'a', a), run(2, 'b', b), run(1, 'c', c), run(2, 'd', d)];
  await Promise.resolve();
  expect(started).toEqual(['a', 'b']);
  expect(queue.state(1)).toEqual({ running: 2, waiting: 2, limit: 2, places: [0, 1] });
  expect(queue.state(2)).toEqual({ running: 2, waiting: 2, limit: 2, places: [0, 2] });
  expect(queue.state(3).places).toEqual([]);
  b.release();
  await runs[1];
  await Promise.resolve();
  expect(started).toEqual(['a', 'b', 'c']);
  expect(queue.state(2)).toEqual({ running: 2, waiting: 1, limit: 2, places: [1] });
  a.release();
  c.release();
  d.release();
  await Promise.all(runs);
  expect(started).toEqual(['a', 'b', 'c', 'd']);
  expect(queue.state(1)).toEqual({ running: 0, waiting: 0, limit: 2, places: [] });
});

it('a failed import gives its place up to the next', async () => {
  const queue = createImportQueue(1);
  const failing = queue.run(1, async () => {
    throw new Error('broken file');
  });
  const next = queue.run(1, async () => 'stored');
  await expect(failing).rejects.toThrow('broken file');
  await expect(next).resolves.toBe('stored');
});

it('GET /api/market-history/imports/queue/ answers the line and the caller\'s places; signed out, 401', async () => {
  const history = server.app.getDecorator<Services>(servicesDecorator).history;
  const idle = await server.app.inject({ method: 'GET', url: '/api/market-history/imports/queue/', headers: { authorization: `Bearer ${token}` } });
  assertMatchesContract('getMarketHistoryImportQueue', idle);
  expect(idle.json()).toEqual({ running: 0, waiting: 0, limit: 2, places: [] });
  expect(history.queue(0).running).toBe(0);
  const anonymous = await server.app.inject({ method: 'GET', url: '/api/market-history/imports/queue/' });
  assertMatchesContract('getMarketHistoryImportQueue', anonymous);
  expect(anonymous.statusCode).toBe(401);
});
