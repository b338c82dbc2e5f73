// A fixture bhavcopy (tests/server/history/fixtures) uploaded through the import API as a trader would, checked
// imported: what the stock backtest and replay tests stand on (issue 63).
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, expect } from 'vitest';
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

/** Before each test a new server with `files` uploaded by a signed-in trader (`use` receives it), closed after it. */
export function bhavcopiesPerTest(backend: TestBackend, files: readonly string[], use: (started: BhavcopyServer) => void): void {
  let server: TestServer | undefined;
  beforeEach(async () => {
    server = await startTestServer({ backend });
    const call = guardedClient(server.app);
    const token = (await signedInAccount(call)).token;
    for (const fileName of files) await uploadBhavcopy(server, token, fileName);
    use({ server, call, token });
  }, 180_000);
  afterEach(async () => {
    await server?.close();
  });
}
