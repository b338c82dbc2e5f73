// A fixture bhavcopy (tests/server/history/fixtures) uploaded through the import API as a trader would, checked
// imported: what the stock backtest and replay tests stand on (issue 63).
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { TestBackend } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';

export async function uploadBhavcopy(server: TestServer, token: string, fileName: string): Promise<void> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/market-history/imports/?file_name=${fileName}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: readFileSync(new URL(`./fixtures/${fileName}`, import.meta.url)),
  });
  expect(res.statusCode, res.body).toBe(200);
}

export type BhavcopyServer = { server: TestServer; call: ReturnType<typeof guardedClient>; token: string };

async function startWithBhavcopies(backend: TestBackend, files: readonly string[]): Promise<BhavcopyServer> {
  const server = await startTestServer({ backend });
  const call = guardedClient(server.app);
  const token = (await signedInAccount(call)).token;
  for (const fileName of files) await uploadBhavcopy(server, token, fileName);
  return { server, call, token };
}

/** Before each test a new server with `files` uploaded by a signed-in trader (`use` receives it), closed after it. */
export function bhavcopiesPerTest(backend: TestBackend, files: readonly string[], use: (started: BhavcopyServer) => void): void {
  let started: BhavcopyServer | undefined;
  beforeEach(async () => {
    started = await startWithBhavcopies(backend, files);
    use(started);
  }, 180_000);
  afterEach(async () => {
    await started?.server.close();
  });
}

/**
 * One server with `files` uploaded for the whole file, for tests that each backtest a bot of their own on an account
 * of their own and only read the history after the import (a server's start and the imports are most of such a test).
 */
export function bhavcopiesPerFile(backend: TestBackend, files: readonly string[], use: (started: BhavcopyServer) => void): void {
  let started: BhavcopyServer | undefined;
  beforeAll(async () => {
    started = await startWithBhavcopies(backend, files);
    use(started);
  }, 180_000);
  afterAll(async () => {
    await started?.server.close();
  });
}
