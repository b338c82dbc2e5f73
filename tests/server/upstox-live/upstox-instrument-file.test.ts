// Upstox's instrument file names every contract StrikeDesk sends to Upstox (upstox-contracts.ts). When the file
// cannot be fetched (its server down, an error answer), an order or a margin for an Upstox account is Upstox
// unavailable, 503 broker_unavailable saying the instrument file could not be fetched: never a 500, and
// nothing reaches Upstox. The failure is not kept: the next request fetches the file again and trades.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { openUpstoxDesk, startUpstoxStack, type UpstoxDesk, type UpstoxStack } from './upstox-desk.ts';

type Refusal = { code: string; message: string; details?: { text?: { code?: string } } };

const order = { tradingsymbol: 'NIFTY26JAN26000CE', exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: 65 };

/** Where StrikeDesk fetches the file: down until `listen`, then answering `status` or Upstox's own file. */
async function fileServer() {
  let answer: { status: number } | { from: string } = { status: 500 };
  const server: Server = createServer((_request, response) => {
    if ('status' in answer) return void response.writeHead(answer.status).end('Internal Server Error');
    void fetch(answer.from).then(async (file) => response.writeHead(200, { 'content-type': 'application/gzip' }).end(Buffer.from(await file.arrayBuffer())));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return {
    url: `http://127.0.0.1:${port}/complete.json.gz`,
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    answer: (next: typeof answer) => void (answer = next),
    close: () => new Promise((resolve) => (server.listening ? server.close(resolve) : resolve(undefined))),
  };
}

describe.each(testBackends)("Upstox's instrument file out of reach on %s", (backend) => {
  let file: Awaited<ReturnType<typeof fileServer>>;
  let stack: UpstoxStack;
  let desk: UpstoxDesk;

  beforeAll(async () => {
    file = await fileServer();
    stack = await startUpstoxStack(backend, { instrumentsUrl: file.url });
    desk = await openUpstoxDesk(stack);
    const login = await desk.logIn();
    expect(login.status, JSON.stringify(login.body)).toBe(200);
  });
  afterAll(async () => {
    await stack.close();
    await file.close();
  });

  const place = () =>
    stack.call<Refusal & { orders?: { status: string }[] }>('placeTrades', {
      token: desk.token,
      body: { account_number: desk.account.account_number, orders: [order] },
      headers: { 'idempotency-key': randomUUID() },
    });
  const margins = () => stack.call<Refusal>('getOrderMargins', { token: desk.token, body: { account_number: desk.account.account_number, orders: [order] } });

  const expectUnavailable = (res: { status: number; body: Refusal }, detail: RegExp) => {
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.code).toBe('broker_unavailable');
    expect(res.body.details?.text?.code).toBe('upstox.instruments_unavailable');
    expect(res.body.message).toMatch(/^Upstox's instrument file could not be fetched/);
    expect(res.body.message).toMatch(detail);
  };

  it('answers 503 broker_unavailable while the file server is down or failing, sends nothing, and trades once the file is back', async () => {
    expectUnavailable(await place(), /ECONNREFUSED/);
    expectUnavailable(await margins(), /ECONNREFUSED/);

    await file.listen();
    expectUnavailable(await place(), /HTTP 500/);
    expect(stack.upstox.control.orderWrites()).toHaveLength(0);

    file.answer({ from: stack.upstox.instrumentsUrl });
    const placed = await place();
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders?.[0]?.status).toBe('COMPLETE');
    expect(stack.upstox.control.orderWrites()).toHaveLength(1);
  });
});
