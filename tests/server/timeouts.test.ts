// Clients that never finish: a real server on 127.0.0.1 with short time-outs given by the test, and raw
// sockets that send part of a request and then nothing. The server's own timers end each case; the test
// only waits for what the server does.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

type Ending = { received: string; closed: true };

/** Opens a socket, writes `text`, and resolves with everything the server sent once it closes. */
function sendAndWaitForClose(port: number, text: string): Promise<Ending> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: '127.0.0.1', port }, () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ received, closed: true }));
  });
}

function bodyOf(raw: string): unknown {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

describe('time-outs on a real socket', () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer({ timeouts: { requestMs: 300, idleMs: 5000, keepAliveMs: 200 } });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const address = server.app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers 408 and closes a POST whose body never finishes (1,000 bytes declared, 9 sent)', { timeout: 5000 }, async () => {
    const head = 'POST /api/authenticate/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { received } = await sendAndWaitForClose(port, `${head}{"email":`);
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(received).toMatch(/\r\ncache-control: no-store\r\n/i);
    expect(received).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
    expect(bodyOf(received)).toEqual({
      message: 'The request took too long to arrive. Send it again.',
      code: 'request_timeout',
      details: { text: { code: 'request.timed_out', params: {} } },
    });
  });

  it('answers 408 and closes a request whose headers never finish', { timeout: 5000 }, async () => {
    const { received } = await sendAndWaitForClose(port, 'GET /api/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a kept-alive connection left idle after its answer', { timeout: 5000 }, async () => {
    const { received } = await sendAndWaitForClose(port, 'GET /api/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});

describe('default time-outs', () => {
  it('waits at most 30 s for a request, closes idle connections after 70 s and kept-alive ones after 72 s', async () => {
    const server = await startTestServer();
    try {
      expect(server.app.server.requestTimeout).toBe(30_000);
      expect(server.app.server.headersTimeout).toBe(30_000);
      expect(server.app.server.timeout).toBe(70_000);
      expect(server.app.server.keepAliveTimeout).toBe(72_000);
    } finally {
      await server.close();
    }
  });
});
