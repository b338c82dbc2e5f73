// A server killed with SIGKILL in the middle of a burst of orders (the real `server/main.ts` in its own
// process, on PGlite in a DATA_DIR): after a restart every order it acknowledged is in the book, and
// sending every intent of the burst again with its Idempotency-Key leaves exactly one order per intent,
// whether the server died before an intent's broker call, after it, or before its answer was recorded.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgliteDir } from '../../../server/db/open-database.ts';
import { openPgliteDatabase } from '../../../server/db/pglite-database.ts';
import { repoRoot } from '../../../server/paths.ts';
import { killOwned, spawnOwned } from '../support/child-processes.ts';
import { seedPgliteDataDir } from '../support/test-database.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-crash-'));
const secretKey = randomBytes(32).toString('base64');
let server: { child: ChildProcess; base: string } | null = null;

/** Starts server/main.ts on a free port and resolves once it prints where it listens. */
function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawnOwned(['--import', 'tsx', join(repoRoot, 'server/main.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', STRIKEDESK_SECRET_KEY: secretKey, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match !== null) {
        clearTimeout(timer);
        resolve({ child, base: match[1]! });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${output}`)));
  });
}

function killHard(running: { child: ChildProcess }): Promise<void> {
  return new Promise((resolve) => {
    running.child.once('exit', () => resolve());
    running.child.kill('SIGKILL');
  });
}

beforeAll(async () => {
  await seedPgliteDataDir(dataDir);
}, 60_000);

afterAll(async () => {
  if (server !== null) await killHard(server);
  // Whatever a test that timed out left running (support/child-processes.ts).
  await killOwned();
  rmSync(dataDir, { recursive: true, force: true });
});

async function json<T>(base: string, path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

it('loses no acknowledged order and duplicates none when killed mid-burst', async () => {
  server = await startServer();
  const { base } = server;
  const email = `crash-${Date.now()}@example.in`;
  const password = 'Crash-test-Strike-9';
  expect((await json(base, '/api/authenticate/register/', { method: 'POST', body: { email, password, name: 'Crash', mobile: '9876543210' } })).status).toBe(201);
  const token = (await json<{ token: string }>(base, '/api/authenticate/login/', { method: 'POST', body: { email, password } })).body.token;
  // Five accounts: Kite's limit of 10 orders a second per account would refuse a burst of 40 on one.
  const accounts: string[] = [];
  for (let n = 0; n < 5; n += 1) {
    const accountNumber = `CR${n}${randomBytes(3).toString('hex')}`.toUpperCase();
    const created = await json<{ broker_accounts: { id: number } }>(base, '/api/accounts/accounts/', {
      method: 'POST',
      token,
      body: { broker: 'paper', name: `Crash ${n}`, account_number: accountNumber, api_key: `crash_${accountNumber}`, api_secret: 'crash-secret-1', capital: 5_000_000 },
    });
    const form = await fetch(`${base}/broker-login/paper`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: `crash_${accountNumber}`, client_id: accountNumber, password: 'paper-pass' }).toString(),
    });
    const requestToken = new URL(form.headers.get('location') ?? '', base).searchParams.get('request_token');
    const login = await json(base, `/api/accounts/account-login/${created.body.broker_accounts.id}/`, {
      method: 'POST',
      token,
      body: { request_token: requestToken, broker_name: 'paper' },
    });
    expect(login.status).toBe(200);
    accounts.push(accountNumber);
  }
  const expiry = (await json<{ expiries: { date: string }[] }>(base, '/api/market/expiries/?index=NIFTY', { token })).body.expiries[0]!.date;
  const chain = (await json<{ instruments: { tradingsymbol: string; instrument_type: string }[]; lot_size: number }>(base, `/api/market/instruments/?index=NIFTY&expiry=${expiry}`, { token })).body;
  const symbol = chain.instruments.find((instrument) => instrument.instrument_type === 'CE')!.tradingsymbol;

  // The burst: 40 intents, each with its own key (a valid tag, so the key is the orders' tag).
  const intents = Array.from({ length: 40 }, (_, n) => ({ key: `burst${String(n).padStart(2, '0')}${randomBytes(5).toString('hex')}`, account: accounts[n % accounts.length]! }));
  const send = (target: string, intent: (typeof intents)[number]) =>
    json<{ orders: { order_id: string }[] }>(target, '/api/order-book/order-book/place_trades/', {
      method: 'POST',
      token,
      headers: { 'idempotency-key': intent.key },
      body: { account_number: intent.account, orders: [{ tradingsymbol: symbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: chain.lot_size }] },
    });
  const acknowledged = new Map<string, string>();
  let killed: Promise<void> | null = null;
  const running = server;
  await Promise.all(
    intents.map(async (intent) => {
      try {
        const answer = await send(base, intent);
        if (answer.status === 200) acknowledged.set(intent.key, answer.body.orders[0]!.order_id);
        // Kill as soon as a few are acknowledged: the rest are in flight, queued or not yet sent.
        if (acknowledged.size >= 5 && killed === null) killed = killHard(running);
      } catch {
        // The connection died with the server: this intent's outcome is unknown.
      }
    }),
  );
  await (killed ?? killHard(running));
  expect(acknowledged.size).toBeGreaterThanOrEqual(5);
  // Killed mid-burst: some intents never got their answer.
  expect(acknowledged.size).toBeLessThan(intents.length);

  // Intents claimed but not answered when the server died are still `running`, and a retry within the
  // claim's lease (30 s) answers 409, as it would for a request still in flight. The server keeps the real
  // time, so the lease is made to pass by moving those claims back 30 s while it is down, not by waiting.
  const db = await openPgliteDatabase({ dataDir: pgliteDir(dataDir) });
  const { rows: unanswered } = await db.query<{ key: string }>(
    `UPDATE idempotency_keys SET claimed_at = claimed_at - interval '30 seconds' WHERE status = 'running' RETURNING key`,
  );
  await db.close();
  for (const { key } of unanswered) expect(acknowledged.has(key), key).toBe(false);

  server = await startServer();
  const books = new Map<string, { order_id: string; tag: string | null; status: string }[]>();
  for (const account of accounts) {
    books.set(account, (await json<{ order_book: { order_id: string; tag: string | null; status: string }[] }>(server.base, `/api/order-book/order-book/${account}`, { token })).body.order_book);
  }
  const all = [...books.values()].flat();
  // Nothing acknowledged was lost.
  for (const [key, orderId] of acknowledged) expect(all.find((order) => order.order_id === orderId), key).toMatchObject({ tag: key, status: 'COMPLETE' });
  // Nothing was placed twice.
  for (const intent of intents) expect(all.filter((order) => order.tag === intent.key).length).toBeLessThanOrEqual(1);

  // Every intent sent again with its key: the stored answer for those that made it, a placement for the rest.
  for (const intent of intents) {
    const again = await send(server.base, intent);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    if (acknowledged.has(intent.key)) expect(again.body.orders[0]!.order_id).toBe(acknowledged.get(intent.key));
  }
  const after = [];
  for (const account of accounts) {
    after.push(...(await json<{ order_book: { tag: string | null }[] }>(server.base, `/api/order-book/order-book/${account}`, { token })).body.order_book);
  }
  for (const intent of intents) expect(after.filter((order) => order.tag === intent.key)).toHaveLength(1);
}, 120_000);
