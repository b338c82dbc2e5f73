// A large history import runs off the request loop: while three days of NSE-sized bhavcopies (~8 MB of CSV each,
// ~5,000 index option rows kept) are read and stored, health checks keep answering. Before, the CSVs were parsed
// on the loop and each day's rows went in as one statement: a check waited a second or more behind them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import { openPgliteDatabase } from '../../../server/db/pglite-database.ts';
import type { Services } from '../../../server/services/services.ts';
import { bhavcopy, tradingDays } from '../../bench/support/bhavcopy-days.ts';
import { signedInAccount } from '../support/accounts.ts';
import { contractClient } from '../support/contract-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let token: string;
let folder: string;

// On a data folder, as `npm start` runs: an in-memory PGlite grows its files by copying them whole, which a
// server never does.
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'strikedesk-import-load-'));
  server = await startTestServer({ database: await openPgliteDatabase({ dataDir: folder }) });
  token = (await signedInAccount(contractClient(server.app))).token;
}, 120_000);

afterAll(async () => {
  await server.close();
  await server.db.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * The longest the loop may hold a health check while an import is read and stored: a chunk of rows, never a whole
 * file (a few tens of ms on a quiet machine, see docs/benchmarks.md; this allows for a shared, loaded one, where
 * the code before held checks for a second or more). What is measured is the time the loop ran code while a
 * check waited, not the wall time: on a machine whose cores are shared out, an idle loop still waits for a core.
 */
const healthBudgetMs = 300;

function multipart(files: Array<{ name: string; data: Buffer }>): { payload: Buffer; type: string } {
  const boundary = '----strikedesk-import-load';
  const parts = files.flatMap((file) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`),
    file.data,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

const upload = ({ payload, type }: { payload: Buffer; type: string }) =>
  server.app.inject({ method: 'POST', url: '/api/market-history/imports/', headers: { authorization: `Bearer ${token}`, 'content-type': type }, payload });

it('health checks answer within budget while a large import is read and stored', { timeout: 120_000 }, async () => {
  // Once before, small: the route's first call compiles its checks and starts the pool's thread, costs paid once.
  await upload(multipart([{ name: 'BhavCopy_NSE_FO_0_0_0_20240628_F_0000.csv', data: bhavcopy('2024-06-28', 9).subarray(0, 200_000) }]));
  const { payload, type } = multipart(tradingDays(3).map((day, at) => ({ name: `BhavCopy_NSE_FO_0_0_0_${day.replaceAll('-', '')}_F_0000.csv`, data: bhavcopy(day, at) })));
  let done = false;
  const importing = upload({ payload, type }).finally(() => {
    done = true;
  });
  // From when the import runs: the upload's arrival is the HTTP layer's (an inject hands a body over in one turn,
  // a socket in network-sized pieces), not the import's.
  const history = server.app.getDecorator<Services>(servicesDecorator).history;
  while (history.queue(0).running === 0 && !done) await nextTurn();
  const waits: number[] = [];
  /** Of each wait, the time the loop ran code (the rest it sat idle, this process's threads waiting for a core). */
  const held: number[] = [];
  while (!done) {
    const started = performance.now();
    const loopBefore = performance.eventLoopUtilization();
    // A check arrives as the network's would: at the loop's next turn (an inject alone never lets the loop turn).
    await nextTurn();
    const health = await server.app.inject({ method: 'GET', url: '/api/health/' });
    waits.push(performance.now() - started);
    held.push(performance.eventLoopUtilization(loopBefore).active);
    expect(health.statusCode).toBe(200);
  }
  const imported = await importing;
  expect(imported.statusCode, imported.body).toBe(200);
  expect(imported.json<{ files: Array<{ rows: number }> }>().files.map((file) => file.rows > 4000)).toEqual([true, true, true]);
  // Checked all along the import, not only before or after it.
  expect(waits.length).toBeGreaterThan(20);
  const sorted = [...waits].sort((a, b) => a - b);
  const longest = waits.indexOf(sorted.at(-1)!);
  console.log(
    `health during the import: ${waits.length} checks, p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, ` +
      `longest ${sorted.at(-1)!.toFixed(1)} ms (the loop held ${held[longest]!.toFixed(1)} ms of it), longest held ${Math.max(...held).toFixed(1)} ms`,
  );
  expect(Math.max(...held)).toBeLessThan(healthBudgetMs);
});
