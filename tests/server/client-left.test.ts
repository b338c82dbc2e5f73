// A client that leaves (a navigation, an aborted fetch, a closed tab) before its answer is sent is not a
// server error. A compressed JSON answer is a stream (@fastify/compress pipes it through brotli or gzip);
// when the connection is already gone Fastify destroys that stream, and for a request whose body was read
// (a POST) it hands the stream's premature close to the error handler, which used to log "request failed"
// and answer 500. Real stream failures while the client waits stay 500s with their log line.
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

type Logged = { level: string; message: string; code: string | undefined };

/** Well above @fastify/compress's synchronous ceiling (64 KB at most): the answer goes out as a stream. */
const bigAnswer = { rows: Array.from({ length: 6000 }, (_, i) => ({ id: i, symbol: 'NIFTY', strike: 20000 + i * 50, note: `row ${i}` })) };

let server: TestServer;
let port: number;
const logged: Logged[] = [];
const statuses: number[] = [];
/** Resolves when the held route has the request, so the client leaves only then. */
let arrived: () => void = () => undefined;

function codeOf(details: unknown): string | undefined {
  const err = (details as { err?: { code?: unknown } } | undefined)?.err;
  return typeof err?.code === 'string' ? err.code : undefined;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.app.register(async (test) => {
    test.addHook('onRequest', async (request) => {
      // Record what these requests log (the test server logs nothing).
      const recorder = Object.create(request.log) as FastifyBaseLogger;
      for (const level of ['error', 'warn', 'info', 'debug'] as const) {
        recorder[level] = ((details: unknown, message?: unknown) => void logged.push({ level, message: String(message), code: codeOf(details) })) as FastifyBaseLogger['info'];
      }
      request.log = recorder;
    });
    // Every answer the server tries to give, the error handler's included (even to a closed socket).
    test.addHook('onSend', async (_request, reply, payload) => {
      statuses.push(reply.statusCode);
      return payload;
    });
    // Answers only once the client's connection is closed: the client left before the first byte.
    test.post('/test/held-answer', async (request) => {
      const socket = request.raw.socket;
      const closed = new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
      arrived();
      await closed;
      return bigAnswer;
    });
    // A source stream that fails while the client waits (a disk read error).
    test.get('/test/failing-stream', async (_request, reply) => {
      const failing = new Readable({ read: () => failing.destroy(Object.assign(new Error('read failed'), { code: 'EIO' })) });
      return reply.type('application/json').send(failing);
    });
    // A source stream our code closes early while the client waits: a premature close that is a bug.
    test.get('/test/cut-stream', async (_request, reply) => {
      const cut = new Readable({ read: () => cut.destroy() });
      return reply.type('application/json').send(cut);
    });
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test server has no port');
  port = address.port;
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  logged.length = 0;
  statuses.length = 0;
});

/** Sends a POST on a raw connection and destroys it once the server holds the request, before any answer. */
async function postAndLeave(encoding: string): Promise<void> {
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const body = JSON.stringify({ instruments: ['NSE:NIFTY 50'] });
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    `POST /test/held-answer HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: ${encoding}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  await reached;
  socket.destroy();
}

/** Waits until the server has logged something for the request (or 5 s went by). */
async function settled(): Promise<void> {
  const deadline = Date.now() + 5000;
  while (logged.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  // Room for anything logged after the first line.
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('a client that leaves before its answer', () => {
  it.each(['br', 'gzip'])('is no server error when the answer is a %s stream: no "request failed", no 500', async (encoding) => {
    await postAndLeave(encoding);
    await settled();
    expect(logged.filter((line) => line.level === 'error' || line.level === 'warn')).toEqual([]);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // The case really happened: the compressed stream closed early and the server noted the client left.
    expect(logged).toEqual([{ level: 'debug', message: 'the client left before its answer was sent', code: 'ERR_STREAM_PREMATURE_CLOSE' }]);
  });
});

describe('a stream that fails while the client waits', () => {
  // With compression the failed stream was to be encoded: the 500 must still be readable plain JSON.
  it.each([
    ['/test/failing-stream', 'EIO', 'identity'],
    ['/test/failing-stream', 'EIO', 'gzip, br'],
    ['/test/cut-stream', 'ERR_STREAM_PREMATURE_CLOSE', 'identity'],
    ['/test/cut-stream', 'ERR_STREAM_PREMATURE_CLOSE', 'gzip, br'],
  ])('%s stays a 500 logged as "request failed" (%s, accept-encoding %s)', async (path, code, encoding) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'accept-encoding': encoding } });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'internal_error' });
    expect(logged).toEqual([{ level: 'error', message: 'request failed', code }]);
  });
});
