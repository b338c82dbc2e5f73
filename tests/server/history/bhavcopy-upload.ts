// A fixture bhavcopy (tests/server/history/fixtures) uploaded through the import API as a trader would, checked
// imported: what the stock backtest and replay tests stand on (issue 63).
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { TestServer } from '../support/test-server.ts';

export async function uploadBhavcopy(server: TestServer, token: string, fileName: string): Promise<void> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/market-history/imports/?file_name=${fileName}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: readFileSync(new URL(`./fixtures/${fileName}`, import.meta.url)),
  });
  expect(res.statusCode, res.body).toBe(200);
}
